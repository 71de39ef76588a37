import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { generateTestset } from "../../src/generate/generate-testset.js";
import { mergeTestsets } from "../../src/generate/merge.js";
import { recordedModel } from "../../src/generate/run-config.js";
import type { SourceDocument } from "../../src/generate/types.js";
import { FakeEmbeddings } from "../support/fake-embeddings.js";
import { ScriptedLlm } from "../support/scripted-llm.js";
import { scriptedStage } from "../support/scripted-stage.js";

const documents: SourceDocument[] = [
  { id: "a.md", text: "# Alpha\nAlpha one is first. Alpha two is second.\n\n## More\nAlpha three is third." },
  { id: "b.txt", text: "Beta has one sentence. Beta has another sentence here." },
];
const words = (text: string) => text.split(/\s+/).filter((w) => w !== "").length;

function base(out: string) {
  return {
    documents,
    llm: new ScriptedLlm({}),
    embeddings: new FakeEmbeddings({ x: [1] }),
    out,
    size: 5,
    chunkTokens: 6,
    countTokens: words,
  };
}
const tmp = () => mkdtempSync(path.join(os.tmpdir(), "gen-run-"));
const read = (file: string) => readFileSync(file, "utf8");
const lines = (file: string) =>
  read(file)
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as { plan_index: number });

describe("generateTestset with a scripted stage", () => {
  it("writes rows in plan order with their plan index, rejected candidates beside, and stops at the size", async () => {
    const out = path.join(tmp(), "ts.jsonl");
    const stage = scriptedStage();
    const result = await generateTestset({ ...base(out), stage });
    expect(result.chunks).toBe(5);
    expect(result.rows.map((r) => r.plan_index)).toEqual([0, 1, 2, 4, 5]);
    expect(lines(out).map((l) => l.plan_index)).toEqual([0, 1, 2, 4, 5]);
    expect(lines(`${out}.rejected.jsonl`)).toEqual([
      {
        plan_index: 3,
        reason: { kind: "unanswerable", explanation: "scripted rejection of row 3" },
        candidate: expect.objectContaining({
          synthesizer_name: "single_hop_specific_query_synthesizer",
          reference: "",
        }),
      },
    ]);
    expect(stage.produced).toEqual([0, 1, 2, 3, 4, 5]);
    const row = lines(out)[0] as unknown as Record<string, unknown>;
    expect(row).toMatchObject({
      reference_context_ids: ["a.md#2"],
      source_offsets: [{ documentId: "a.md", start: 58, end: 79 }],
    });
    expect(JSON.parse(read(`${out}.config.json`))).toMatchObject({
      size: 5,
      seed: 42,
      stage: "custom",
      shard: null,
    });
  });

  it("gives the same bytes on a rerun with the same seed, and a different plan with another", async () => {
    const dir = tmp();
    const run = async (name: string, seed?: number) => {
      const out = path.join(dir, name);
      await generateTestset({
        ...base(out),
        stage: scriptedStage(),
        ...(seed !== undefined ? { seed } : {}),
      });
      return [read(out), read(`${out}.rejected.jsonl`), read(`${out}.config.json`)].join("\u0000");
    };
    const first = await run("one.jsonl");
    expect(await run("two.jsonl")).toBe(first);
    expect(await run("three.jsonl", 7)).not.toBe(first);
  });

  it("stops at the signal without recording the row in flight, resumes without losing or repeating a row", async () => {
    const dir = tmp();
    const out = path.join(dir, "ts.jsonl");
    const whole = path.join(dir, "whole.jsonl");
    await generateTestset({ ...base(whole), stage: scriptedStage() });
    const controller = new AbortController();
    const stopping = scriptedStage({
      onProduce: (row) => {
        if (row.index === 2) controller.abort();
      },
    });
    const first = await generateTestset({ ...base(out), stage: stopping, signal: controller.signal });
    // The row in flight (2) finishes and is written; no row starts after the signal.
    expect(first.interrupted).toBe(true);
    expect(lines(out).map((l) => l.plan_index)).toEqual([0, 1, 2]);
    // A torn last line, as a kill mid-write leaves it, is cut off.
    appendFileSync(out, '{"plan_index":4,"user_inp');
    await expect(generateTestset({ ...base(out), stage: scriptedStage() })).rejects.toThrow(
      /add --resume to continue it/,
    );
    const resumed = scriptedStage();
    const second = await generateTestset({ ...base(out), stage: resumed, resume: true });
    expect(resumed.produced).toEqual([3, 4, 5]);
    expect(second.interrupted).toBe(false);
    expect(read(out)).toBe(read(whole));
    expect(read(`${out}.rejected.jsonl`)).toBe(read(`${whole}.rejected.jsonl`));
  });

  it("refuses to resume with other options, naming them", async () => {
    const out = path.join(tmp(), "ts.jsonl");
    await generateTestset({ ...base(out), stage: scriptedStage() });
    await expect(
      generateTestset({ ...base(out), stage: scriptedStage(), resume: true, seed: 1 }),
    ).rejects.toThrow(/cannot be resumed:\n {2}config seed 42 -> 1/);
    const foreign = path.join(path.dirname(out), "results.jsonl");
    writeFileSync(foreign, '{"type":"header","format":"airgap-eval-results"}\n');
    await expect(generateTestset({ ...base(foreign), stage: scriptedStage() })).rejects.toThrow(
      `${foreign}, line 1, field "plan_index": has no plan_index`,
    );
    expect(
      (await generateTestset({ ...base(foreign), stage: scriptedStage(), overwrite: true })).rows,
    ).toHaveLength(5);
    const again = await generateTestset({ ...base(out), stage: scriptedStage(), overwrite: true, seed: 1 });
    expect(again.rows).toHaveLength(5);
  });

  it("records a stage that throws as a failed row, and fills responses with the user's hook", async () => {
    const out = path.join(tmp(), "ts.jsonl");
    const stage = scriptedStage({
      onProduce: (row) => {
        if (row.index === 1) throw new Error("judge broke");
      },
    });
    const result = await generateTestset({
      ...base(out),
      size: 2,
      stage,
      fillResponse: async (row) => ({ response: `answer to ${row.user_input}`, retrieved_contexts: ["ctx"] }),
    });
    expect(result.rejected).toEqual([
      { plan_index: 1, reason: { kind: "failed", error: "judge broke" }, candidate: null },
    ]);
    expect(
      result.rows.map((r) => [r.plan_index, r.response?.startsWith("answer to"), r.retrieved_contexts]),
    ).toEqual([
      [0, true, ["ctx"]],
      [2, true, ["ctx"]],
    ]);
  });

  it("stops at a stage's input error (a prompt over the judge's context) without recording the row", async () => {
    const out = path.join(tmp(), "ts.jsonl");
    const stage = scriptedStage({
      onProduce: (row) => {
        if (row.index === 1) throw new InvalidInputError("plan row 1 does not fit the judge's context");
      },
    });
    await expect(generateTestset({ ...base(out), size: 3, stage })).rejects.toThrow(
      /plan row 1 does not fit/,
    );
    expect(lines(out).map((l) => l.plan_index)).toEqual([0]);
    expect(lines(`${out}.rejected.jsonl`)).toEqual([]);
  });

  it("generates shards of the plan that merge into the rows in plan order", async () => {
    const dir = tmp();
    const shardOut = (i: number) => path.join(dir, `ts.shard-${i}-of-2.jsonl`);
    for (const index of [1, 0]) {
      await generateTestset({ ...base(shardOut(index)), stage: scriptedStage(), shard: { index, count: 2 } });
    }
    expect(lines(shardOut(0)).map((l) => l.plan_index)).toEqual([0, 2, 4]);
    expect(lines(shardOut(1)).map((l) => l.plan_index)).toEqual([1, 5]);
    const merged = mergeTestsets([shardOut(1), shardOut(0)], path.join(dir, "all.jsonl"));
    expect(merged.rows).toBe(5);
    expect(lines(path.join(dir, "all.jsonl")).map((l) => l.plan_index)).toEqual([0, 1, 2, 4, 5]);
    expect(JSON.parse(read(path.join(dir, "all.jsonl.config.json"))).shard).toBeNull();
    expect(() => mergeTestsets([shardOut(0)], path.join(dir, "part.jsonl"))).toThrow(
      /shard 1\/2 missing from the merge/,
    );
  });
});

describe("recordedModel", () => {
  it("names a model loaded from a path by its file name, and keeps registry ids", () => {
    const runtime = { name: "r", version: "1" };
    const file = path.resolve("models/judge.gguf");
    expect(
      recordedModel({
        id: file,
        kind: "llm",
        path: file,
        sha256: "ab",
        runtime,
        settings: { seed: 1 },
        performance: { threads: 2 },
      }),
    ).toEqual({
      id: "judge.gguf",
      kind: "llm",
      sha256: "ab",
      runtime,
      settings: { seed: 1 },
    });
    expect(
      recordedModel({
        id: "starter/glove-100d",
        kind: "embedding",
        path: "/x/glove-100d",
        runtime,
        settings: {},
      }).id,
    ).toBe("starter/glove-100d");
  });
});
