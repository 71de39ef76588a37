// Sharded runs through the library: evaluate() on each shard, mergeShardResults(), and cache merge.
// Scripted metrics, no model: the merged run must equal the unsharded run record for record.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Cache } from "../src/cache/cache.js";
import { mergeCaches } from "../src/cache/merge.js";
import { loadDataset } from "../src/dataset/load.js";
import { shardDataset } from "../src/dataset/shard.js";
import { InvalidInputError } from "../src/errors.js";
import { evaluate } from "../src/evaluate/evaluate.js";
import { mergeShardResults, writeMergedResults } from "../src/evaluate/merge.js";
import type { Metric } from "../src/metrics/types.js";
import { loadResults } from "../src/results/load.js";
import { FakeMetric } from "./support/fake-metrics.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "airgap-shard-merge-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string) => path.join(dir, name);

const ROWS = 40;
const datasetFile = file("data.jsonl");
writeFileSync(
  datasetFile,
  `${[
    ...Array.from({ length: ROWS }, (_, i) =>
      JSON.stringify({ user_input: `question ${i}`, response: `answer ${"x".repeat(i % 13)} ${i}` }),
    ),
  ]
    .map((l, i) => (i === 7 ? '{"user_input": 3}' : l))
    .join("\n")}\n`,
);

const metrics = (promptVersion = "1"): Metric[] => [
  new FakeMetric({ promptVersion }),
  new FakeMetric({
    name: "fake_words",
    score: (s) =>
      s.response!.includes("xxxxxxxxxxxx")
        ? { value: null, status: "error", error: "boom" }
        : s.response!.split(" ").length / 10,
  }),
];

async function runShards(count: number, prefix: string, promptVersion = "1"): Promise<string[]> {
  const data = loadDataset(datasetFile);
  const files: string[] = [];
  for (let index = 0; index < count; index++) {
    const out = file(`${prefix}-${index}-of-${count}.jsonl`);
    await evaluate(shardDataset(data, { index, count }), metrics(promptVersion), { out, progress: "none" });
    files.push(out);
  }
  return files;
}

describe("merging shard results", () => {
  it("gives the unsharded run's records and aggregates, row for row", async () => {
    const whole = await evaluate(datasetFile, metrics(), { out: file("whole.jsonl"), progress: "none" });
    const shards = await runShards(4, "s");
    const merged = mergeShardResults(shards, { dataset: datasetFile });
    expect(merged.missing).toEqual([]);
    expect(merged.duplicates).toEqual([]);
    expect(merged.notes).toEqual([]);
    writeMergedResults(file("merged.jsonl"), merged);
    const loaded = loadResults(file("merged.jsonl"));
    const strip = (records: typeof loaded.records) =>
      records.map(({ finishedAt: _f, durationMs: _d, ...rest }) => rest);
    expect(strip(loaded.records)).toEqual(strip([...whole.records]));
    expect(loaded.aggregates).toEqual(whole.aggregated());
    expect(loaded.aggregates[1]!.errors).toBeGreaterThan(0);
    expect(loaded.invalidRows).toEqual(whole.invalidRows);
    expect(loaded.metadata.interrupted).toBe(false);
    expect(loaded.metadata.shard).toBeUndefined();
    expect(loaded.metadata.merged?.files.map((f) => f.shard?.index)).toEqual([0, 1, 2, 3]);
    expect(loaded.metadata.merged?.files.reduce((n, f) => n + f.records, 0)).toBe(loaded.records.length);
    // Each shard recorded its shard, and resuming it under another shard is refused.
    expect(loadResults(shards[1]!).metadata.shard).toMatchObject({ index: 1, count: 4 });
    await expect(
      evaluate(shardDataset(loadDataset(datasetFile), { index: 2, count: 4 }), metrics(), {
        out: shards[1]!,
        resume: true,
        progress: "none",
      }),
    ).rejects.toThrow(/shard 1\/4 -> shard 2\/4/);
  });

  it("runs and merges shards that got no row, or no row with a column other shards have", async () => {
    const whole = await evaluate(datasetFile, metrics(), { out: file("whole-many.jsonl"), progress: "none" });
    const shards = await runShards(60, "many");
    const empty = shards.filter((f) => loadResults(f).records.length === 0);
    expect(empty.length).toBeGreaterThan(0);
    const merged = mergeShardResults(shards, { dataset: datasetFile });
    expect(merged.missing).toEqual([]);
    expect(merged.data.aggregates).toEqual(whole.aggregated());
    // a shard whose rows all lack `reference`, which a metric needs: its rows are skipped, not an error
    const part = shardDataset(loadDataset(datasetFile), { index: 0, count: 2 });
    const needsReference = new FakeMetric({ name: "needs_reference", requiredFields: ["reference"] });
    const result = await evaluate(part, [needsReference], { progress: "none" });
    expect(result.aggregated()[0]).toMatchObject({ count: 0, skipped: part.samples.length });
  });

  it("names the shard file and the difference when shards were run under another configuration", async () => {
    const good = await runShards(2, "cfg-a");
    const odd = await runShards(2, "cfg-b", "2");
    const attempt = () => mergeShardResults([good[0]!, odd[1]!]);
    expect(attempt).toThrow(InvalidInputError);
    expect(attempt).toThrow(
      new RegExp(
        `${odd[1]!.replaceAll(/[.*+?^${}()|[\]\\]/g, "\\$&")} differs from .*fake_length: prompt version fake_length/main 1 -> 2`,
      ),
    );
    const other = await runShards(3, "cfg-c");
    expect(() => mergeShardResults([good[0]!, other[1]!])).toThrow(
      /sharding 2 shards keyed by content -> 3 shards/,
    );
  });

  it("refuses shards of another version of the dataset", async () => {
    const shards = await runShards(2, "ds");
    const edited = file("edited.jsonl");
    writeFileSync(edited, readFileSync(datasetFile, "utf8").replace('question 3"', 'question three"'));
    expect(() => mergeShardResults(shards, { dataset: edited })).toThrow(
      /row 3 does not match row 3 \(line 4\)/,
    );
  });

  it("tells shards of two datasets of one size apart, even without the dataset", async () => {
    const shards = await runShards(2, "dsa");
    const other = file("other.jsonl");
    writeFileSync(other, readFileSync(datasetFile, "utf8").replace('question 5"', 'question five"'));
    const out = file("dsb-1-of-2.jsonl");
    await evaluate(shardDataset(loadDataset(other), { index: 1, count: 2 }), metrics(), {
      out,
      progress: "none",
    });
    expect(() => mergeShardResults([shards[0]!, out])).toThrow(
      /dataset contents [0-9a-f]{12}… -> [0-9a-f]{12}…/,
    );
    // every shard of one dataset agrees on its hash
    const hashes = shards.map((f) => loadResults(f).metadata.shard?.datasetHash);
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(hashes[1]).toBe(hashes[0]);
  });

  it("reports rows missing from a shard cut off mid-line, and duplicates given twice", async () => {
    const shards = await runShards(2, "cut");
    const text = readFileSync(shards[1]!, "utf8");
    const lines = text.split("\n");
    // keep the header and 3 complete lines, then half a line
    const keep = lines.slice(0, 4).join("\n").length + 1;
    truncateSync(shards[1]!, keep + Math.floor(lines[4]!.length / 2));
    const copy = file("cut-0-copy.jsonl");
    copyFileSync(shards[0]!, copy);
    const merged = mergeShardResults([...shards, copy], { dataset: datasetFile });
    expect(merged.notes.join("\n")).toMatch(/cut-1-of-2\.jsonl ends in a line cut off mid-write/);
    expect(merged.notes.join("\n")).toMatch(/shard 0\/2 is given 2 times/);
    const shard1 = loadDataset(datasetFile).samples.filter((s) =>
      shardDataset(loadDataset(datasetFile), { index: 1, count: 2 }).samples.some((t) => t.row === s.row),
    );
    const held = loadResults(shards[1]!).records;
    const expectedMissing = shard1
      .filter((s) => held.filter((r) => r.row === s.row).length < 2)
      .map((s) => s.row);
    expect(merged.missing.map((m) => m.row)).toEqual(expectedMissing);
    expect(merged.missing[0]!.line).toBe(merged.missing[0]!.row + 1);
    expect(merged.duplicates.length).toBe(loadResults(shards[0]!).records.length);
    expect(merged.duplicates.every((d) => d.sameResult && d.files[1] === copy)).toBe(true);
    writeMergedResults(file("cut-merged.jsonl"), merged);
    const loaded = loadResults(file("cut-merged.jsonl"));
    expect(loaded.metadata.interrupted).toBe(true);
    expect(loaded.metadata.merged?.files[1]?.tornTail).toBe(true);
    expect(() => writeMergedResults(file("cut-merged.jsonl"), merged)).toThrow(/already exists/);
  });

  it("finds missing rows without the dataset, from the recorded row count", async () => {
    const shards = await runShards(3, "nods");
    const merged = mergeShardResults(shards.slice(0, 2));
    const absent = shardDataset(loadDataset(datasetFile), { index: 2, count: 3 }).samples.map((s) => s.row);
    expect(merged.missing.map((m) => m.row)).toEqual(absent);
    expect(merged.notes).toContain("no file of shard 2/3 was given; its rows are missing");
  });
});

describe("mergeCaches", () => {
  it("copies entries from several caches into one, adding only what is new", () => {
    const a = Cache.open({ path: file("a.sqlite") });
    a.set("llm", "k1", "one");
    a.set("embedding", "k2", "two");
    a.close();
    const b = Cache.open({ path: file("b.sqlite") });
    b.set("llm", "k1", "one");
    b.set("metric-result", "k3", "three");
    b.close();
    const result = mergeCaches([file("a.sqlite"), file("b.sqlite")], file("into.sqlite"));
    expect(result.sources.map((s) => [s.entries, s.added])).toEqual([
      [2, 2],
      [2, 1],
    ]);
    expect(result.total).toBe(3);
    const into = Cache.open({ path: file("into.sqlite") });
    expect(into.get("metric-result", "k3")?.toString()).toBe("three");
    into.close();
    expect(mergeCaches([file("a.sqlite")], file("into.sqlite")).sources[0]!.added).toBe(0);
  });

  it("refuses files that are not caches, and the target as a source", () => {
    writeFileSync(file("not.sqlite"), "hello");
    expect(() => mergeCaches([file("not.sqlite")], file("into2.sqlite"))).toThrow(InvalidInputError);
    expect(() => mergeCaches([file("nope.sqlite")], file("into2.sqlite"))).toThrow(/does not exist/);
    expect(() => mergeCaches([file("into2.sqlite")], file("into2.sqlite"))).toThrow(
      /both a source and the target/,
    );
  });
});
