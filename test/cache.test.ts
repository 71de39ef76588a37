import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Cache, defaultCachePath } from "../src/cache/index.js";
import { mergeCaches } from "../src/cache/merge.js";
import { openSqlite, pragma } from "../src/cache/sqlite.js";
import { CachedEmbeddings } from "../src/embeddings/index.js";
import { evaluate } from "../src/evaluate/index.js";
import { CachedLlm } from "../src/llm/index.js";
import type { GenerateObjectOptions } from "../src/llm/types.js";
import type { JudgePrompt } from "../src/prompts/types.js";
import { CountingEmbeddings, CountingLlm, FakeMetric, JudgeMetric } from "./support/fake-metrics.js";
import { binarySlotRead } from "./support/scripted-llm.js";

const tmp = mkdtempSync(path.join(os.tmpdir(), "airgap-cache-"));
let n = 0;
const cachePath = (): string => path.join(tmp, `cache-${n++}`, "cache.sqlite");
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

const prompt = (input: string, version = "1"): JudgePrompt => ({
  name: "test/verdict",
  version,
  system: "Give a score.",
  examples: [{ input: "example", output: '{"score":1}' }],
  input,
});
const schema = z.object({ score: z.number() });

describe("Cache", () => {
  it("stores bytes, keeps the first value for a key, counts hits, misses and writes", () => {
    using cache = Cache.open({ path: cachePath() });
    expect(cache.get("ns", "k")).toBeUndefined();
    cache.set("ns", "k", "first");
    cache.set("ns", "k", "second");
    expect(cache.get("ns", "k")!.toString()).toBe("first");
    cache.setJson("other", "k", { a: [1, 2] });
    expect(cache.getJson("other", "k")).toEqual({ a: [1, 2] });
    expect(cache.size()).toBe(2);
    expect(cache.size("ns")).toBe(1);
    expect(cache.stats()).toEqual({
      hits: 2,
      misses: 1,
      writes: 3,
      byNamespace: { ns: { hits: 1, misses: 1, writes: 2 }, other: { hits: 1, misses: 0, writes: 1 } },
    });
  });

  it("persists across opens and uses WAL journaling", () => {
    const file = cachePath();
    const a = Cache.open({ path: file });
    a.set("ns", "k", "v");
    a.close();
    const b = Cache.open({ path: file });
    expect(b.get("ns", "k")!.toString()).toBe("v");
    b.close();
    expect(readWalMode(file)).toBe("wal");
  });

  it("defaults to $XDG_CACHE_HOME or ~/.cache, and AIRGAP_EVAL_CACHE overrides", () => {
    expect(defaultCachePath({ XDG_CACHE_HOME: "/x/cache" })).toBe("/x/cache/airgap-eval/cache.sqlite");
    expect(defaultCachePath({})).toBe(path.join(os.homedir(), ".cache", "airgap-eval", "cache.sqlite"));
    expect(defaultCachePath({ AIRGAP_EVAL_CACHE: "/y/c.sqlite", XDG_CACHE_HOME: "/x" })).toBe("/y/c.sqlite");
  });

  it("names the file when it cannot be opened", () => {
    const blocker = path.join(tmp, "not-a-dir");
    writeFileSync(blocker, "x");
    expect(() => Cache.open({ path: path.join(blocker, "cache.sqlite") })).toThrow(/not-a-dir/);
  });

  it("opens a cache file written by better-sqlite3 12.6.2 (airgap-eval before libsql) unchanged", () => {
    const file = cachePath();
    mkdirSync(path.dirname(file), { recursive: true });
    copyFileSync(path.join(repoRoot, "test/fixtures/cache/better-sqlite3-12.6.2.sqlite"), file);
    using cache = Cache.open({ path: file });
    expect(cache.getJson("llm", "a".repeat(64))).toEqual({
      score: 1,
      reason: "written by better-sqlite3 12.6.2",
    });
    const vector = new Uint8Array(cache.get("embedding", "b".repeat(64))!);
    expect([...new Float32Array(vector.buffer)]).toEqual([0.25, -1.5, 3]);
    cache.set("llm", "c".repeat(64), "new");
    expect(cache.size()).toBe(3);
  });

  it("refuses a cache file of another layout version, naming it and what to do", () => {
    const file = cachePath();
    Cache.open({ path: file }).close();
    const db = openSqlite(file, { busyTimeoutMs: 1000 });
    pragma(db, "user_version = 2");
    db.close();
    expect(() => Cache.open({ path: file })).toThrow(
      `cache ${file} has schema version 2, this airgap-eval expects 1; delete the file or choose another cache path`,
    );
  });

  it("merges from sources opened read-only, whatever characters their paths hold", () => {
    const dir = path.join(tmp, `merge-${n++}`, "a dir #1?");
    mkdirSync(dir, { recursive: true });
    const source = path.join(dir, "shard #0?.sqlite");
    const writer = Cache.open({ path: source });
    writer.set("ns", "k", "v");
    writer.close();
    const before = readFileSync(source);
    const into = path.join(dir, "into.sqlite");
    expect(mergeCaches([source], into).sources).toEqual([{ file: source, entries: 1, added: 1 }]);
    expect(readFileSync(source).equals(before)).toBe(true);
    using merged = Cache.open({ path: into });
    expect(merged.get("ns", "k")!.toString()).toBe("v");
  });

  it("two connections writing the same keys at once both succeed", () => {
    const file = cachePath();
    const a = Cache.open({ path: file });
    const b = Cache.open({ path: file });
    for (let i = 0; i < 200; i++) {
      a.set("ns", `k${i}`, `a${i}`);
      b.set("ns", `k${i}`, `b${i}`);
    }
    expect(a.size()).toBe(200);
    expect(b.get("ns", "k7")!.toString()).toBe("a7");
    a.close();
    b.close();
  });

  it("survives two processes writing to one file at the same time", async () => {
    const file = cachePath();
    Cache.open({ path: file }).close();
    const script = path.join(tmp, "writer.mts");
    const cacheModule = pathToFileURL(path.join(repoRoot, "src/cache/cache.ts")).href;
    // Each child loads, says "ready", waits for "go", then for the other's first write, so both write at the same time.
    writeFileSync(
      script,
      `import { Cache } from ${JSON.stringify(cacheModule)};
const [file, who] = process.argv.slice(2);
const cache = Cache.open({ path: file, busyTimeoutMs: 20000 });
process.stdout.write("ready\\n");
await new Promise((resolve) => process.stdin.once("data", resolve));
const started = Date.now();
// A barrier through the file: each writer waits until it sees the other's first write, so the loops overlap
// however the two processes are scheduled.
cache.set("barrier", who, "1");
const deadline = Date.now() + 20000;
while (cache.get("barrier", who === "a" ? "b" : "a") === undefined) {
  if (Date.now() > deadline) throw new Error("the other writer never wrote");
  await new Promise((resolve) => setTimeout(resolve, 1));
}
for (let i = 0; i < 400; i++) {
  cache.set("shared", "k" + i, who + i);
  cache.set("own-" + who, "k" + i, who + i);
  cache.get("shared", "k" + ((i * 7) % 400));
}
cache.close();
process.stdout.write(JSON.stringify({ started, ended: Date.now() }) + "\\n");
process.exit(0);
`,
    );
    const children = ["a", "b"].map((who) => {
      const child = spawn(process.execPath, ["--import", "tsx", script, file, who], { cwd: repoRoot });
      let stdout = "";
      let stderr = "";
      const ready = new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (d: Buffer) => {
          stdout += d.toString();
          if (stdout.includes("ready")) resolve();
        });
        child.on("close", (code) =>
          reject(new Error(`writer ${who} exited with ${code} before it was ready: ${stderr}`)),
        );
      });
      child.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
      });
      const done = new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) =>
        child.on("close", (code) => resolve({ code, stderr, stdout })),
      );
      return { child, ready, done };
    });
    await Promise.all(children.map((c) => c.ready));
    for (const c of children) c.child.stdin.write("go\n");
    const results = await Promise.all(children.map((c) => c.done));
    expect(results.map((r) => [r.code, r.stderr])).toEqual([
      [0, ""],
      [0, ""],
    ]);
    const spans = results.map(
      (r) => JSON.parse(r.stdout.split("\n")[1]!) as { started: number; ended: number },
    );
    // The two write loops overlapped in time.
    expect(Math.max(spans[0]!.started, spans[1]!.started)).toBeLessThan(
      Math.min(spans[0]!.ended, spans[1]!.ended),
    );
    using cache = Cache.open({ path: file });
    expect(cache.size("shared")).toBe(400);
    expect(cache.size("own-a")).toBe(400);
    expect(cache.size("own-b")).toBe(400);
    expect(cache.get("shared", "k5")!.toString()).toMatch(/^[ab]5$/);
  });
});

function readWalMode(file: string): string {
  // The journal mode is a property of the file: bytes 18 and 19 of an SQLite header are 2 in WAL mode, 1 otherwise.
  const header = readFileSync(file).subarray(0, 20);
  return header[18] === 2 && header[19] === 2 ? "wal" : "rollback";
}

describe("CachedLlm", () => {
  it("answers a repeated call from the cache and keys on prompt, version, settings and model sha256", async () => {
    using cache = Cache.open({ path: cachePath() });
    const judge = new CountingLlm();
    const llm = new CachedLlm(judge, cache);
    const first = await llm.generateObject(prompt("hello"), schema);
    const again = await llm.generateObject(prompt("hello"), schema);
    expect(again).toEqual(first);
    expect(judge.calls).toBe(1);

    await llm.generateObject(prompt("hello", "2"), schema);
    await llm.generateObject(prompt("hello!"), schema);
    await llm.generateObject(prompt("hello"), schema, { temperature: 0.7 });
    await llm.generateObject(prompt("hello"), z.object({ score: z.number(), why: z.string().optional() }));
    expect(judge.calls).toBe(5);

    const otherModel = new CountingLlm(undefined, "d".repeat(64));
    await new CachedLlm(otherModel, cache).generateObject(prompt("hello"), schema);
    expect(otherModel.calls).toBe(1);
    expect(cache.stats().byNamespace.llm).toMatchObject({ hits: 1, misses: 6, writes: 6 });
  });

  it("shares one judge call among identical calls in flight, and forwards id, concurrency and provenance", async () => {
    using cache = Cache.open({ path: cachePath() });
    const judge = new CountingLlm(undefined, "b".repeat(64), 3, 20);
    const llm = new CachedLlm(judge, cache);
    const results = await Promise.all([1, 2, 3].map(() => llm.generateObject(prompt("same"), schema)));
    expect(judge.calls).toBe(1);
    expect(new Set(results.map((r) => r.value.score)).size).toBe(1);
    expect([llm.id, llm.concurrency, llm.provenance()]).toEqual([judge.id, 3, judge.provenance()]);
  });

  it("passes through a judge with no sha256", async () => {
    using cache = Cache.open({ path: cachePath() });
    const judge = new CountingLlm(undefined, null);
    const llm = new CachedLlm(judge, cache);
    await llm.generateObject(prompt("x"), schema);
    await llm.generateObject(prompt("x"), schema);
    expect(judge.calls).toBe(2);
    expect(llm.bypassed).toBe(2);
    expect(cache.size()).toBe(0);
  });

  it("keys an answer with slot probabilities apart, leaving the key of calls without them unchanged", async () => {
    using cache = Cache.open({ path: cachePath() });
    const judge = new CountingLlm();
    const slot = { key: "score", values: ["0", "1"] };
    const reading = Object.assign(judge, {
      readsChoiceSlots: true,
      generateObject: async <S extends z.ZodType>(p: JudgePrompt, s: S, o?: GenerateObjectOptions) => {
        const result = await CountingLlm.prototype.generateObject.call(judge, p, s, o);
        if (o?.choiceSlots === undefined) return result;
        return { ...result, slots: [binarySlotRead("score", "1", 0.75)] };
      },
    });
    const llm = new CachedLlm(reading, cache);
    const plainKey = llm.keyFor(prompt("hello"), schema);
    expect(plainKey).toBe(new CachedLlm(new CountingLlm(), cache).keyFor(prompt("hello"), schema));
    expect(llm.keyFor(prompt("hello"), schema, { choiceSlots: [slot] })).not.toBe(plainKey);
    const plain = await llm.generateObject(prompt("hello"), schema);
    expect(plain.slots).toBeUndefined();
    const withSlots = await llm.generateObject(prompt("hello"), schema, { choiceSlots: [slot] });
    expect(withSlots.slots?.[0]?.probabilities["1"]).toBe(0.75);
    expect(await llm.generateObject(prompt("hello"), schema, { choiceSlots: [slot] })).toEqual(withSlots);
    expect(await llm.generateObject(prompt("hello"), schema)).toEqual(plain);
    expect(judge.calls).toBe(2);
    expect(llm.readsChoiceSlots).toBe(true);
  });

  it("does not cache a failed call", async () => {
    using cache = Cache.open({ path: cachePath() });
    let fail = true;
    const judge = new CountingLlm(() => {
      if (fail) throw new Error("boom");
      return { score: 1 };
    });
    const llm = new CachedLlm(judge, cache);
    await expect(llm.generateObject(prompt("x"), schema)).rejects.toThrow("boom");
    fail = false;
    expect((await llm.generateObject(prompt("x"), schema)).value).toEqual({ score: 1 });
    expect(judge.calls).toBe(2);
  });
});

describe("CachedEmbeddings", () => {
  it("returns the exact vectors, embeds only unseen texts, once each", async () => {
    using cache = Cache.open({ path: cachePath() });
    const encoder = new CountingEmbeddings();
    const embeddings = new CachedEmbeddings(encoder, cache);
    const reference = await new CountingEmbeddings().embed(["a", "b", "c"]);
    expect(await embeddings.embed(["a", "b", "a"])).toEqual([reference[0], reference[1], reference[0]]);
    expect(encoder.batches).toEqual([["a", "b"]]);
    expect(await embeddings.embed(["b", "c", "a"])).toEqual([reference[1], reference[2], reference[0]]);
    expect(encoder.batches).toEqual([["a", "b"], ["c"]]);
    await embeddings.embed(["a", "b", "c"]);
    expect(encoder.calls).toBe(2);
    expect(cache.stats().byNamespace.embedding).toMatchObject({ hits: 5, misses: 3, writes: 3 });
    expect([embeddings.id, embeddings.dimensions]).toEqual([encoder.id, 8]);
  });

  it("keys on the model sha256 and passes through a model without one", async () => {
    using cache = Cache.open({ path: cachePath() });
    await new CachedEmbeddings(new CountingEmbeddings(), cache).embed(["a"]);
    const other = new CountingEmbeddings("e".repeat(64));
    await new CachedEmbeddings(other, cache).embed(["a"]);
    expect(other.calls).toBe(1);
    const unknown = new CountingEmbeddings(null);
    const wrapped = new CachedEmbeddings(unknown, cache);
    await wrapped.embed(["a"]);
    await wrapped.embed(["a"]);
    expect(unknown.calls).toBe(2);
  });
});

describe("editing one row recomputes only that row", () => {
  const dataset = Array.from({ length: 6 }, (_, i) => ({
    user_input: `question ${i}`,
    response: `answer ${i}`,
  }));
  const edited = dataset.map((row, i) => (i === 2 ? { ...row, response: "a new answer" } : row));

  it("through CachedLlm (judge calls counted)", async () => {
    const file = cachePath();
    {
      using cache = Cache.open({ path: file });
      const judge = new CountingLlm();
      await evaluate(dataset, [new JudgeMetric(new CachedLlm(judge, cache))], { progress: "none" });
      expect(judge.calls).toBe(6);
    }
    using cache = Cache.open({ path: file });
    const judge = new CountingLlm();
    const result = await evaluate(edited, [new JudgeMetric(new CachedLlm(judge, cache))], {
      progress: "none",
    });
    expect(judge.calls).toBe(1);
    expect(judge.prompts[0]!.input).toBe("question 2\na new answer");
    expect(result.records.map((r) => r.result.status)).toEqual(Array(6).fill("ok"));
  });

  it("through evaluate's metric-result cache (metric calls counted)", async () => {
    using cache = Cache.open({ path: cachePath() });
    const first = new FakeMetric();
    const a = await evaluate(dataset, [first], { progress: "none", cache });
    expect(first.calls).toBe(6);
    expect(a.metadata.cache).toEqual({ hits: 0, misses: 6 });
    const second = new FakeMetric();
    // Progress learns which rows were served wholly from the cache: 5 of 6 here.
    const cachedCounts: number[] = [];
    const progress = {
      start() {},
      update: (_done: number, _errors: number, cached?: number) => cachedCounts.push(cached ?? -1),
      stop() {},
    };
    const b = await evaluate(edited, [second], { progress, cache });
    expect(cachedCounts).toHaveLength(6);
    expect(cachedCounts.at(-1)).toBe(5);
    expect(second.calls).toBe(1);
    expect(b.metadata.cache).toEqual({ hits: 5, misses: 1 });
    expect(b.records.map((r) => r.result.value)).toEqual(edited.map((r) => r.response.length / 100));
    // A changed configuration is a different key.
    const changed = new FakeMetric({ promptVersion: "2" });
    await evaluate(dataset, [changed], { progress: "none", cache });
    expect(changed.calls).toBe(6);
    // Errors are not cached, and metrics whose model has no sha256 are never cached.
    const flaky = new FakeMetric({
      name: "flaky",
      score: () => {
        throw new Error("x");
      },
    });
    await evaluate(dataset, [flaky], { progress: "none", cache });
    await evaluate(dataset, [flaky], { progress: "none", cache });
    expect(flaky.calls).toBe(12);
    const unhashed = new FakeMetric({ name: "unhashed", modelSha256: null });
    await evaluate(dataset, [unhashed], { progress: "none", cache });
    await evaluate(dataset, [unhashed], { progress: "none", cache });
    expect(unhashed.calls).toBe(12);
  });
});
