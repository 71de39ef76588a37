import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../src/errors.js";
import { EvaluationResult, evaluate, loadResults, skippedMetric } from "../src/evaluate/index.js";
import { FakeMetric } from "./support/fake-metrics.js";
import { interruptedRun } from "./support/interrupted-run.js";

const tmp = mkdtempSync(path.join(os.tmpdir(), "airgap-resume-"));
let fileNo = 0;
const newFile = (): string => path.join(tmp, `results-${fileNo++}.jsonl`);
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ user_input: `q${i}`, response: "y".repeat(i + 1) }));
const readLines = (file: string) =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** Runs until `stopAfter` records were written, then aborts (as Ctrl-C would). */
describe("results file", () => {
  it("writes a header with metric configs and hashes, invalid rows, each row's sample once and a line per record, and an end line", async () => {
    const out = newFile();
    const metric = new FakeMetric({ promptVersion: "3", options: { strictness: 3 } });
    const written: number[] = [];
    await evaluate([...rows(3), "not a row" as never], [metric], {
      out,
      progress: "none",
      // Each record is on disk before the callback sees it.
      onRecord: () => written.push(readLines(out).filter((l) => l.type === "record").length),
    });
    expect(written).toEqual([1, 2, 3]);
    const lines = readLines(out);
    expect(lines.map((l) => l.type)).toEqual([
      "header",
      "invalid",
      ...["sample", "record", "sample", "record", "sample", "record"],
      "end",
    ]);
    const header = lines[0] as {
      format: string;
      formatVersion: number;
      metadata: { metrics: Record<string, Record<string, unknown>> };
    };
    expect(header.format).toBe("airgap-eval-results");
    expect(header.formatVersion).toBe(2);
    expect(header.metadata.metrics.fake_length).toMatchObject({
      name: "fake_length",
      promptVersions: { "fake_length/main": "3" },
      options: { strictness: 3 },
      configHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(lines[1]).toEqual({
      type: "invalid",
      row: 3,
      message: "expected a row object",
    });
    expect(lines[2]).toEqual({
      type: "sample",
      row: 0,
      rowHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      sample: { userInput: "q0", response: "y" },
    });
    // The record refers to its row's sample by row hash and does not repeat it.
    expect(lines[3]).toMatchObject({
      type: "record",
      row: 0,
      metric: "fake_length",
      rowHash: lines[2]!.rowHash,
    });
    expect(lines[3]).not.toHaveProperty("sample");
  });

  it("refuses to replace an existing file unless resuming or overwriting", async () => {
    const out = newFile();
    await evaluate(rows(2), [new FakeMetric()], { out, progress: "none" });
    await expect(evaluate(rows(2), [new FakeMetric()], { out, progress: "none" })).rejects.toThrow(
      /already exists; resume it/,
    );
    const again = new FakeMetric();
    await evaluate(rows(2), [again], { out, progress: "none", overwrite: true });
    expect(again.calls).toBe(2);
    expect(readLines(out).filter((l) => l.type === "header")).toHaveLength(1);
  });

  it("loadResults gives the same data evaluate returned", async () => {
    const out = newFile();
    const result = await evaluate(rows(4), [new FakeMetric(), new FakeMetric({ name: "second" })], {
      out,
      progress: "none",
    });
    const loaded = loadResults(out);
    expect(loaded.records).toEqual(result.records);
    expect(loaded.aggregates).toEqual(result.aggregated());
    expect(loaded.metadata.metrics).toEqual(result.metadata.metrics);
    expect(loaded.metadata.interrupted).toBe(false);
    expect(EvaluationResult.fromFile(out).detailed()).toEqual(result.detailed());
  });
});

describe("resume", () => {
  it("skips row × metric pairs the file holds and runs only the rest; every row ends up once", async () => {
    const out = newFile();
    const first = await interruptedRun(rows(10), [new FakeMetric()], out, 4);
    expect(first.interrupted).toBe(true);
    expect(first.records).toHaveLength(4);
    expect(loadResults(out).metadata.interrupted).toBe(true);

    const metric = new FakeMetric();
    const second = await evaluate(rows(10), [metric], { out, resume: true, progress: "none" });
    expect(metric.calls).toBe(6);
    expect(metric.seen.map((s) => s.userInput)).toEqual(["q4", "q5", "q6", "q7", "q8", "q9"]);
    expect(second.records.map((r) => r.row)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(second.interrupted).toBe(false);

    const lines = readLines(out);
    expect(lines.filter((l) => l.type === "record").map((l) => l.row)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(lines.filter((l) => l.type === "header").map((l) => l.resumed)).toEqual([false, true]);
    const loaded = loadResults(out);
    expect(loaded.records).toEqual(second.records);
    expect(loaded.metadata.interrupted).toBe(false);

    // A third resume has nothing left to do.
    const third = new FakeMetric();
    await evaluate(rows(10), [third], { out, resume: true, progress: "none" });
    expect(third.calls).toBe(0);
  });

  it("re-runs a row whose content changed, and loadResults keeps its newest record", async () => {
    const out = newFile();
    await evaluate(rows(3), [new FakeMetric()], { out, progress: "none" });
    const edited = rows(3);
    edited[1]!.response = "edited response";
    const metric = new FakeMetric();
    const result = await evaluate(edited, [metric], { out, resume: true, progress: "none" });
    expect(metric.seen.map((s) => s.userInput)).toEqual(["q1"]);
    expect(result.records[1]!.result.value).toBe(0.15);
    expect(loadResults(out).records.map((r) => r.result.value)).toEqual([0.01, 0.15, 0.03]);
  });

  it("adds a metric to an existing file and runs only the new metric", async () => {
    const out = newFile();
    await evaluate(rows(3), [new FakeMetric()], { out, progress: "none" });
    const old = new FakeMetric();
    const added = new FakeMetric({ name: "added" });
    const result = await evaluate(rows(3), [old, added], { out, resume: true, progress: "none" });
    expect([old.calls, added.calls]).toEqual([0, 3]);
    expect(result.aggregated().map((a) => [a.metric, a.count])).toEqual([
      ["fake_length", 3],
      ["added", 3],
    ]);
    expect(Object.keys(loadResults(out).metadata.metrics)).toEqual(["fake_length", "added"]);
  });

  it("refuses a file written under another configuration, naming the metric and the difference", async () => {
    const out = newFile();
    await evaluate(rows(2), [new FakeMetric({ promptVersion: "1" })], { out, progress: "none" });
    const attempt = (metric: FakeMetric) =>
      evaluate(rows(2), [metric], { out, resume: true, progress: "none" });

    await expect(attempt(new FakeMetric({ promptVersion: "2" }))).rejects.toThrow(
      /fake_length: prompt version fake_length\/main 1 -> 2/,
    );
    await expect(attempt(new FakeMetric({ modelSha256: "f".repeat(64) }))).rejects.toThrow(
      new RegExp(`fake_length: llm model sha256 ${"a".repeat(64)} -> ${"f".repeat(64)}`),
    );
    await expect(attempt(new FakeMetric({ options: { strictness: 5 } }))).rejects.toThrow(
      /fake_length: option strictness \(none\) -> 5/,
    );
    const refused = new FakeMetric({ promptVersion: "2" });
    const error = await attempt(refused).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).file).toBe(out);
    expect(refused.calls).toBe(0);
    // The refused attempts left the file as it was.
    expect(readLines(out).filter((l) => l.type === "header")).toHaveLength(1);
  });

  it("refuses to resume a file written for a dataset with another number of rows", async () => {
    const out = newFile();
    await evaluate(rows(4), [new FakeMetric()], { out, progress: "none" });
    const metric = new FakeMetric();
    await expect(evaluate(rows(3), [metric], { out, resume: true, progress: "none" })).rejects.toThrow(
      /dataset rows 4 -> 3.*same dataset/,
    );
    expect(metric.calls).toBe(0);
  });

  it("re-runs rows that a skipped metric left, once the real metric is available", async () => {
    const out = newFile();
    await evaluate(rows(3), [skippedMetric("fake_length", ["response"], "judge missing")], {
      out,
      progress: "none",
    });
    const real = new FakeMetric();
    const result = await evaluate(rows(3), [real], { out, resume: true, progress: "none" });
    expect(real.calls).toBe(3);
    expect(result.records.map((r) => r.result.status)).toEqual(["ok", "ok", "ok"]);
    expect(loadResults(out).records.map((r) => r.result.status)).toEqual(["ok", "ok", "ok"]);
  });

  it("starts a fresh file when resuming and no file exists", async () => {
    const out = newFile();
    const metric = new FakeMetric();
    await evaluate(rows(2), [metric], { out, resume: true, progress: "none" });
    expect(metric.calls).toBe(2);
    expect(readLines(out)[0]).toMatchObject({ type: "header", resumed: false });
  });
});

describe("torn last line (crash mid-write)", () => {
  it("loadResults ignores it; resume cuts it off and continues with an intact file", async () => {
    const out = newFile();
    await interruptedRun(rows(5), [new FakeMetric()], out, 3);
    // Simulate a kill: drop the end line, then half a record.
    const kept = readFileSync(out, "utf8").trim().split("\n").slice(0, -1).join("\n");
    writeFileSync(out, `${kept}\n`);
    appendFileSync(out, '{"type":"record","row":3,"rowHash":"ab');

    const loaded = loadResults(out);
    expect(loaded.records.map((r) => r.row)).toEqual([0, 1, 2]);
    expect(loaded.metadata.interrupted).toBe(true); // no end line: the run did not finish

    const metric = new FakeMetric();
    const result = await evaluate(rows(5), [metric], { out, resume: true, progress: "none" });
    expect(metric.calls).toBe(2);
    expect(result.records.map((r) => r.row)).toEqual([0, 1, 2, 3, 4]);
    const text = readFileSync(out, "utf8");
    expect(text).not.toContain('"rowHash":"ab{');
    expect(
      text
        .split("\n")
        .filter(Boolean)
        .every((l) => JSON.parse(l)),
    ).toBe(true);
  });

  it("accepts a complete last line that lacks its newline", async () => {
    const out = newFile();
    await interruptedRun(rows(3), [new FakeMetric()], out, 2);
    writeFileSync(out, readFileSync(out, "utf8").trimEnd());
    expect(loadResults(out).records).toHaveLength(2);
    const result = await evaluate(rows(3), [new FakeMetric()], { out, resume: true, progress: "none" });
    expect(result.records).toHaveLength(3);
    expect(loadResults(out).records).toHaveLength(3);
  });

  it("rejects a file broken in the middle, or not a results file at all, naming the line", async () => {
    const out = newFile();
    await evaluate(rows(2), [new FakeMetric()], { out, progress: "none" });
    const lines = readFileSync(out, "utf8").split("\n");
    lines[1] = "{broken";
    writeFileSync(out, lines.join("\n"));
    expect(() => loadResults(out)).toThrow(/line 2: is not valid JSON/);
    const other = newFile();
    writeFileSync(other, '{"user_input":"q"}\n');
    expect(() => loadResults(other)).toThrow(/line 1: does not start with an airgap-eval results header/);
    await expect(
      evaluate(rows(1), [new FakeMetric()], { out: other, resume: true, progress: "none" }),
    ).rejects.toThrow(InvalidInputError);
  });
});
