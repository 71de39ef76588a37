import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadDataset } from "../src/dataset/index.js";
import { BatchingEmbeddings } from "../src/embeddings/index.js";
import { InvalidInputError, JudgeOutputError } from "../src/errors.js";
import {
  aggregateRecords,
  createProgress,
  defaultConcurrency,
  evaluate,
  type RowMetricRecord,
  skippedMetric,
} from "../src/evaluate/index.js";
import { CountingEmbeddings, CountingLlm, FakeMetric } from "./support/fake-metrics.js";

const tmp = mkdtempSync(path.join(os.tmpdir(), "airgap-evaluate-"));
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    user_input: `question ${i}`,
    response: "x".repeat(i + 1),
    reference: `ref ${i}`,
  }));

describe("evaluate: statuses and aggregates", () => {
  it("gives each row × metric a status and aggregates only ok rows", async () => {
    const data = [
      { user_input: "q0", response: "a".repeat(10), reference: "r0" },
      { user_input: "q1", response: "a".repeat(20), reference: "r1" },
      { user_input: "q2", response: "a".repeat(30) }, // no reference
      { user_input: "q3", response: "a".repeat(40), reference: "r3" },
    ];
    const length = new FakeMetric({ name: "length" });
    const flaky = new FakeMetric({
      name: "flaky",
      requiredFields: ["response", "reference"],
      score: (s) => {
        if (s.userInput === "q1") throw new Error("judge fell over");
        if (s.userInput === "q3") return null;
        return 0.5;
      },
    });
    const result = await evaluate(data, [length, flaky], { progress: "none" });

    expect(result.records.map((r) => [r.row, r.metric, r.result.status, r.result.value])).toEqual([
      [0, "length", "ok", 0.1],
      [0, "flaky", "ok", 0.5],
      [1, "length", "ok", 0.2],
      [1, "flaky", "error", null],
      [2, "length", "ok", 0.3],
      [2, "flaky", "skipped", null],
      [3, "length", "ok", 0.4],
      [3, "flaky", "ok", null],
    ]);
    expect(result.records[3]!.result.error).toBe("judge fell over");
    expect(result.records[5]!.result.reason).toBe("row has no reference, which flaky needs");
    expect(flaky.calls).toBe(3); // the skipped row never reached the metric

    const [lengthAgg, flakyAgg] = result.aggregated();
    expect(lengthAgg).toMatchObject({
      metric: "length",
      count: 4,
      errors: 0,
      skipped: 0,
      nulls: 0,
      min: 0.1,
      max: 0.4,
    });
    expect(lengthAgg!.mean).toBeCloseTo(0.25, 12);
    expect(lengthAgg!.std).toBeCloseTo(Math.sqrt(0.0125), 12);
    expect(flakyAgg).toEqual({
      metric: "flaky",
      mean: 0.5,
      count: 1,
      errors: 1,
      skipped: 1,
      nulls: 1,
      std: 0,
      min: 0.5,
      max: 0.5,
    });
    expect(result.errorCount).toBe(1);
    expect(result.interrupted).toBe(false);

    const detailed = result.detailed();
    expect(detailed).toHaveLength(4);
    expect(detailed[1]!.sample).toEqual({ userInput: "q1", response: "a".repeat(20), reference: "r1" });
    expect(detailed[1]!.metrics.flaky!.status).toBe("error");
    expect(JSON.parse(JSON.stringify(result)).aggregates).toEqual(result.aggregated());
  });

  it("records a judge's raw text when it throws JudgeOutputError", async () => {
    const metric = new FakeMetric({
      score: () => {
        throw new JudgeOutputError("output was cut off", '{"verdict": ');
      },
    });
    const result = await evaluate([{ response: "r" }], [metric], { progress: "none" });
    expect(result.records[0]!.result).toEqual({
      value: null,
      status: "error",
      error: "JudgeOutputError: output was cut off",
      details: { rawText: '{"verdict": ' },
    });
  });

  it("carries invalid rows into the result and evaluates the rest", async () => {
    const rows = [{ response: "ok" }, "not a row" as never];
    const result = await evaluate(rows, [new FakeMetric()], { progress: "none" });
    expect(result.records.map((r) => r.row)).toEqual([0]);
    expect(result.invalidRows).toEqual([{ row: 1, message: "expected a row object" }]);
  });

  it("an unreadable cell is an error row of the metrics that read its field, naming the cell", async () => {
    const result = await evaluate([{ response: "ok" }, { response: 5 }], [new FakeMetric()], {
      progress: "none",
    });
    expect(result.invalidRows).toEqual([]);
    expect(result.records.map((r) => [r.row, r.result.status])).toEqual([
      [0, "ok"],
      [1, "error"],
    ]);
    expect(result.records[1]!.result.error).toMatch(
      /cannot score this row: its response: expected a string, got a number; fix the cell/,
    );
  });

  it("stops before any metric runs when a required column is missing everywhere, or when strict finds a bad row", async () => {
    const metric = new FakeMetric({ requiredFields: ["reference"] });
    await expect(evaluate([{ response: "r" }], [metric], { progress: "none" })).rejects.toThrow(
      /fake_length needs reference/,
    );
    await expect(
      evaluate([{ response: "r", reference: "x" }, { response: "r" }], [metric], {
        progress: "none",
        strict: true,
      }),
    ).rejects.toThrow(/row 1, field "reference": has no reference, which fake_length needs \(strict run\)/);
    await expect(
      evaluate([{ response: "" }], [new FakeMetric()], { progress: "none", strict: true }),
    ).rejects.toThrow(InvalidInputError);
    expect(metric.calls).toBe(0);
  });

  it("rejects duplicate metric names and an empty metric list", async () => {
    await expect(evaluate([{ response: "r" }], [], { progress: "none" })).rejects.toThrow(/no metrics given/);
    await expect(
      evaluate([{ response: "r" }], [new FakeMetric(), new FakeMetric()], { progress: "none" }),
    ).rejects.toThrow(/given twice/);
  });

  it("loads a dataset path itself, with column map options", async () => {
    const fixture = path.join(
      path.dirname(new URL(import.meta.url).pathname),
      "fixtures/datasets/custom-columns.csv",
    );
    const result = await evaluate(fixture, [new FakeMetric()], {
      progress: "none",
      load: { columnMap: { model_answer: "response" } },
    });
    expect(result.records.map((r) => [r.row, r.line, r.result.value])).toEqual([
      [0, 2, 0.01],
      [1, 3, 0.04],
    ]);
    expect(result.metadata.dataset).toBe(fixture);
    expect(result.metadata.totalRows).toBe(2);
  });
});

describe("evaluate: concurrency", () => {
  it("runs up to `concurrency` rows at once", async () => {
    const metric = new FakeMetric({ delayMs: 15 });
    await evaluate(rows(12), [metric], { concurrency: 3, progress: "none" });
    expect(metric.calls).toBe(12);
    expect(metric.maxInFlight).toBe(3);
  });

  it("defaults to the judge's concurrency, 1 for an LLM metric that hides its judge, else 8", async () => {
    const judged = new FakeMetric({ delayMs: 10, llm: new CountingLlm(undefined, "b".repeat(64), 2) });
    expect(defaultConcurrency([judged])).toBe(2);
    await evaluate(rows(8), [judged], { progress: "none" });
    expect(judged.maxInFlight).toBe(2);
    expect(defaultConcurrency([new FakeMetric({ needsLlm: true })])).toBe(1);
    expect(defaultConcurrency([new FakeMetric()])).toBe(8);
    const plain = new FakeMetric({ delayMs: 10 });
    await evaluate(rows(20), [plain], { progress: "none" });
    expect(plain.maxInFlight).toBe(8);
  });

  it("batches embedding calls made by concurrent rows", async () => {
    const encoder = new CountingEmbeddings();
    const batching = new BatchingEmbeddings(encoder, { windowMs: 5, maxBatchSize: 64 });
    const embedMetric = new FakeMetric({
      name: "embeds",
      score: async (s) => {
        const [a, b] = await batching.embed([s.userInput!, s.response!]);
        return a!.length + b!.length;
      },
    });
    const result = await evaluate(rows(6), [embedMetric], { concurrency: 6, progress: "none" });
    expect(result.records.every((r) => r.result.value === 16)).toBe(true);
    expect(encoder.calls).toBe(1);
    expect(encoder.texts).toBe(12);
  });
});

describe("BatchingEmbeddings", () => {
  it("sends one batch per window, dedupes texts, splits results back, and honours maxBatchSize", async () => {
    const encoder = new CountingEmbeddings();
    const direct = await new CountingEmbeddings().embed(["a", "b", "c"]);
    const batching = new BatchingEmbeddings(encoder, { windowMs: 20, maxBatchSize: 4 });
    const [x, y] = await Promise.all([batching.embed(["a", "b"]), batching.embed(["b", "c"])]);
    expect(encoder.batches).toEqual([["a", "b", "c"]]);
    expect(x).toEqual([direct[0], direct[1]]);
    expect(y).toEqual([direct[1], direct[2]]);
    await Promise.all([batching.embed(["1", "2", "3"]), batching.embed(["4", "5"]), batching.embed(["6"])]);
    expect(encoder.batches.slice(1)).toEqual([["1", "2", "3", "4", "5"], ["6"]]);
  });

  it("with no window, sends at once when idle and gathers the calls made while a batch runs", async () => {
    const encoder = new CountingEmbeddings();
    const embed = encoder.embed.bind(encoder);
    let release!: () => void;
    encoder.embed = async (texts) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return embed(texts);
    };
    const batching = new BatchingEmbeddings(encoder);
    const first = batching.embed(["a"]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batching.batches).toBe(1); // sent without waiting for a window
    const later = [batching.embed(["b"]), batching.embed(["c", "a"])];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(batching.batches).toBe(1); // the model is busy: they wait
    release();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(batching.batches).toBe(2);
    release();
    await Promise.all(later);
    expect(encoder.batches).toEqual([["a"], ["b", "c", "a"]]);
  });

  it("rejects every waiting call when the batch fails", async () => {
    const failing = new CountingEmbeddings();
    failing.embed = async () => {
      throw new Error("onnx exploded");
    };
    const batching = new BatchingEmbeddings(failing);
    const results = await Promise.allSettled([batching.embed(["a"]), batching.embed(["b"])]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });
});

describe("evaluate: abort signal", () => {
  it("stops taking rows, lets in-flight rows finish and write, and marks the result interrupted", async () => {
    const out = path.join(tmp, "abort.jsonl");
    const controller = new AbortController();
    const metric = new FakeMetric({ delayMs: 20 });
    const seen: RowMetricRecord[] = [];
    const result = await evaluate(rows(20), [metric], {
      concurrency: 3,
      out,
      progress: "none",
      signal: controller.signal,
      onRecord: (r) => {
        seen.push(r);
        if (seen.length === 4) controller.abort();
      },
    });
    // Rows 0-2 start together; row 3 starts when row 0 ends; after the 4th record no row starts, but the
    // two rows already in flight finish and are written.
    expect(result.interrupted).toBe(true);
    expect(metric.calls).toBe(6);
    expect(result.records).toHaveLength(6);
    const lines = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.type === "record")).toHaveLength(6);
    expect(lines.at(-1)).toMatchObject({ type: "end", interrupted: true });
  });

  it("does nothing when the signal is already aborted", async () => {
    const metric = new FakeMetric();
    const result = await evaluate(rows(3), [metric], { progress: "none", signal: AbortSignal.abort() });
    expect(metric.calls).toBe(0);
    expect(result.interrupted).toBe(true);
    expect(result.aggregated()[0]).toMatchObject({ count: 0, mean: null });
  });
});

describe("skippedMetric", () => {
  it("marks every row skipped with the reason and no model", async () => {
    const reason = "judge qwen is not on this machine: run `airgap-eval models pull qwen`";
    const metric = skippedMetric("faithfulness", ["userInput", "response"], reason);
    expect(metric.config()).toEqual({
      name: "faithfulness",
      promptVersions: {},
      options: { skipped: true },
      models: [],
    });
    const result = await evaluate(rows(2), [metric, new FakeMetric()], { progress: "none" });
    expect(result.records.filter((r) => r.metric === "faithfulness").map((r) => r.result)).toEqual([
      { value: null, status: "skipped", reason },
      { value: null, status: "skipped", reason },
    ]);
    expect(result.aggregated()[0]).toMatchObject({
      metric: "faithfulness",
      skipped: 2,
      count: 0,
      mean: null,
    });
  });
});

describe("progress", () => {
  it("prints plain lines at each 10% step and a final line", () => {
    const written: string[] = [];
    let now = 0;
    const stream = {
      write: (s: string) => written.push(s) > 0,
      isTTY: false,
    } as unknown as NodeJS.WritableStream;
    const progress = createProgress("auto", { stream, now: () => now, intervalMs: 5000 });
    progress.start(20, 0);
    for (let done = 1; done <= 20; done++) {
      now += 500;
      progress.update(done, done >= 10 ? 1 : 0);
    }
    progress.stop();
    expect(written[0]).toBe("airgap-eval: evaluating 20 rows\n");
    expect(written).toHaveLength(11);
    expect(written[1]).toBe("airgap-eval: 2/20 rows (10%), 2.00 rows/s, ETA 9s, 0 errors\n");
    expect(written.at(-1)).toBe("airgap-eval: 20/20 rows (100%), 2.00 rows/s, 1 error\n");
  });

  it("prints a line after intervalMs even between 10% steps, and nothing in none mode", () => {
    const written: string[] = [];
    let now = 0;
    const stream = { write: (s: string) => written.push(s) > 0 } as unknown as NodeJS.WritableStream;
    const progress = createProgress("lines", { stream, now: () => now, intervalMs: 5000 });
    progress.start(1000, 0);
    now = 6000;
    progress.update(1, 0);
    expect(written[1]).toMatch(/^airgap-eval: 1\/1000 rows \(0%\)/);
    const silent = createProgress("none", { stream });
    silent.start(1, 0);
    silent.update(1, 0);
    silent.stop();
    expect(written).toHaveLength(2);
  });
});

describe("aggregateRecords", () => {
  it("keeps metric order and ignores non-finite values", () => {
    const rec = (metric: string, value: number | null, status: "ok" | "error" = "ok") =>
      ({ metric, result: { value, status } }) as RowMetricRecord;
    const aggs = aggregateRecords(
      [rec("b", 1), rec("a", Number.NaN), rec("a", 3), rec("a", null, "error")],
      ["a"],
    );
    expect(aggs.map((a) => [a.metric, a.count, a.mean, a.nulls, a.errors])).toEqual([
      ["a", 1, 3, 1, 1],
      ["b", 1, 1, 0, 0],
    ]);
  });
});

it("evaluate accepts a loaded Dataset", async () => {
  const ds = loadDataset([{ response: "abc" }]);
  const result = await evaluate(ds, [new FakeMetric()], { progress: "none" });
  expect(result.records[0]!.result.value).toBe(0.03);
});
