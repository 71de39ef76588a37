// The --fail-under gate's range check and its --max-unscored half, --example, and InvalidInputError's text.
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { exampleDatasetPath, resolveDatasetArgument } from "../src/cli/example-dataset.js";
import { checkBarInRange, checkUnscored, parseMaxUnscored } from "../src/cli/fail-under.js";
import { metricIds, metricRange } from "../src/cli/metric-factory.js";
import { preflight } from "../src/cli/preflight.js";
import { loadDataset } from "../src/dataset/load.js";
import { checkRequiredColumns } from "../src/dataset/required.js";
import { InvalidInputError } from "../src/errors.js";
import { metricDescriptor } from "../src/metrics/catalog.js";
import type { MetricResult } from "../src/metrics/types.js";
import type { MetricAggregate, RowMetricRecord } from "../src/results/types.js";

function record(row: number, result: MetricResult, line?: number): RowMetricRecord {
  return {
    row,
    ...(line === undefined ? {} : { line }),
    rowHash: `h${row}`,
    metric: "faithfulness",
    configHash: "c",
    result,
    sample: {},
    finishedAt: "2026-01-01T00:00:00.000Z",
    durationMs: 1,
  };
}

const five: RowMetricRecord[] = [
  record(0, { value: 0.9, status: "ok" }),
  record(1, { value: null, status: "error", error: "judge output cut off" }),
  record(2, { value: null, status: "skipped", reason: "no contexts" }),
  record(3, { value: null, status: "ok", reason: "no statements" }, 5),
  record(4, { value: 1, status: "ok" }),
];
const fiveAggregate: MetricAggregate = {
  metric: "faithfulness",
  mean: 0.95,
  count: 2,
  errors: 1,
  skipped: 1,
  nulls: 1,
  std: 0.05,
  min: 0.9,
  max: 1,
};

describe("--fail-under range", () => {
  it("rejects a bar outside the metric's range and accepts its ends", () => {
    expect(() => checkBarInRange({ metric: "faithfulness", min: 1.5 }, metricRange("faithfulness")!)).toThrow(
      "--fail-under faithfulness=1.5 is outside faithfulness's range [0, 1]",
    );
    expect(() =>
      checkBarInRange({ metric: "faithfulness", min: -0.1 }, metricRange("faithfulness")!),
    ).toThrow(InvalidInputError);
    expect(() =>
      checkBarInRange({ metric: "faithfulness", min: 1 }, metricRange("faithfulness")!),
    ).not.toThrow();
    // Cosines are not clamped: a negative bar is meaningful for them.
    expect(() =>
      checkBarInRange({ metric: "semantic_similarity", min: -0.5 }, metricRange("semantic_similarity")!),
    ).not.toThrow();
  });

  it("has a range for every metric the CLI knows, except those whose scale the user defines", () => {
    for (const id of metricIds) {
      const range = metricRange(id);
      if (range === undefined) expect(metricDescriptor(id).valueRange).toBeNull();
      else expect(range[0]).toBeLessThan(range[1]);
    }
    expect(metricRange("rubrics_score")).toBeUndefined();
  });
});

describe("--max-unscored", () => {
  it("fails a gated metric whose unscored rows exceed the share, naming them and why", () => {
    const failures = checkUnscored([fiveAggregate], five, [{ metric: "faithfulness", min: 0.8 }], 0);
    expect(failures).toEqual([
      "faithfulness: scored 2 of 5 rows; 3 have no score (row 1 error, row 2 skipped, line 5 no value), " +
        "more than --max-unscored 0 allows",
    ]);
  });

  it("passes within the share, and ignores metrics without a bar", () => {
    const bar = [{ metric: "faithfulness", min: 0.8 }];
    expect(checkUnscored([fiveAggregate], five, bar, 0.6)).toEqual([]);
    expect(checkUnscored([fiveAggregate], five, bar, 0.5)).toHaveLength(1);
    expect(checkUnscored([fiveAggregate], five, [], 0)).toEqual([]);
  });

  it("parses a share between 0 and 1", () => {
    expect(parseMaxUnscored("0.25")).toBe(0.25);
    for (const bad of ["", "-0.1", "1.5", "ten"])
      expect(() => parseMaxUnscored(bad)).toThrow(/between 0 and 1/);
  });
});

describe("eval --example", () => {
  it("resolves to the example dataset the package ships, and wants exactly one of the two", () => {
    expect(exampleDatasetPath()).toMatch(/examples[/\\]rag-eval\.jsonl$/);
    expect(resolveDatasetArgument(undefined, true)).toBe(exampleDatasetPath());
    expect(resolveDatasetArgument("data.jsonl", undefined)).toBe("data.jsonl");
    expect(() => resolveDatasetArgument(undefined, undefined)).toThrow(/missing dataset.*--example/);
    expect(() => resolveDatasetArgument("data.jsonl", true)).toThrow(/not both/);
  });
});

describe("InvalidInputError", () => {
  it("prints only the parts of the location that are set", () => {
    const err = new InvalidInputError("results.jsonl exists; pass --resume or --overwrite", {
      file: "results.jsonl",
    });
    const printed = inspect(err);
    expect(printed).not.toContain("undefined");
    expect(printed).toContain("file: 'results.jsonl'");
    expect(err.row).toBeUndefined();
    expect(err.file).toBe("results.jsonl");
    expect(new InvalidInputError("bad", { row: 0, field: "response" }).message).toBe(
      'row 0, field "response": bad',
    );
  });
});

describe("columns a metric needs and no row has", () => {
  const dataset = loadDataset([
    { question: "Who wrote it?", answer: "Ann.", passages: "Ann wrote it." },
    { question: "When?", answer: "1990.", passages: "In 1990." },
  ]);

  it("lists the columns found and suggests --column to CLI users", () => {
    const run = () =>
      preflight({
        dataset,
        metrics: ["faithfulness"],
        reports: [],
        out: "does-not-exist.jsonl",
        strict: false,
      });
    expect(run).toThrow(InvalidInputError);
    expect(run).toThrow(
      "faithfulness needs retrieved_contexts (retrievedContexts). Columns found: user_input, response, " +
        "passages (not recognised). Add the columns, map yours with --column <your column>=<field>, or leave " +
        "those metrics out of --metrics",
    );
  });

  it("names columnMap to library users", () => {
    expect(() =>
      checkRequiredColumns(dataset, [{ name: "faithfulness", requiredFields: ["retrievedContexts"] }]),
    ).toThrow(
      /map yours with columnMap \(loadDataset's option; load: \{ columnMap \} in evaluate\(\)\), or drop those metrics/,
    );
  });
});
