import { describe, expect, it } from "vitest";
import type { MetricResult } from "../src/metrics/types.js";
import {
  aggregatedView,
  alignColumns,
  axisTicks,
  compareRuns,
  comparisonToMarkdown,
  detailedView,
  formatDelta,
  formatScore,
  formatSummary,
  histogram,
  histogramDomain,
  metricIds,
  rowStatus,
} from "../src/report/index.js";
import type { EvaluationResultData, RowMetricRecord } from "../src/results/types.js";
import { FIXTURE_ROWS, makeFixtureResult, withValue } from "./support/report-fixtures.js";

function record(row: number, metric: string, result: MetricResult, rowHash = `h${row}`): RowMetricRecord {
  return {
    row,
    rowHash,
    metric,
    configHash: `c-${metric}`,
    result,
    sample: { userInput: `q${row}`, response: `r${row}` },
    finishedAt: "2025-01-01T00:00:00.000Z",
    durationMs: 1,
  };
}

function run(
  records: RowMetricRecord[],
  aggregates: EvaluationResultData["aggregates"] = [],
): EvaluationResultData {
  return {
    metadata: {
      version: "0.1.0",
      startedAt: "2025-01-01T00:00:00.000Z",
      finishedAt: "2025-01-01T00:01:00.000Z",
      metrics: {},
      runtime: {},
      options: {},
    },
    records,
    invalidRows: [],
    aggregates,
  };
}

describe("aggregated view computed from records", () => {
  const agg = (records: RowMetricRecord[]) => aggregatedView(run(records))[0]!;

  it("gives mean, population std, min and max over ok numeric rows and counts the rest", () => {
    const a = agg([
      record(0, "m", { value: 0.2, status: "ok" }),
      record(1, "m", { value: 0.4, status: "ok" }),
      record(2, "m", { value: 0.9, status: "ok" }),
      record(3, "m", { value: null, status: "error", error: "boom" }),
      record(4, "m", { value: null, status: "skipped", reason: "no judge" }),
      record(5, "m", { value: null, status: "ok", reason: "no statements" }),
    ]);
    expect(a.mean).toBeCloseTo(0.5, 12);
    // deviations -0.3, -0.1, 0.4 -> squares 0.09 + 0.01 + 0.16 = 0.26; /3; sqrt
    expect(a.std).toBeCloseTo(Math.sqrt(0.26 / 3), 12);
    expect(a).toMatchObject({ count: 3, errors: 1, skipped: 1, nulls: 1, min: 0.2, max: 0.9 });
  });

  it("gives nulls when no row has a number", () => {
    expect(agg([record(0, "m", { value: null, status: "error", error: "x" })])).toEqual({
      metric: "m",
      mean: null,
      count: 0,
      errors: 1,
      skipped: 0,
      nulls: 0,
      std: null,
      min: null,
      max: null,
    });
  });

  it("keeps negative values (cosine similarity) in min and mean", () => {
    const a = agg([
      record(0, "sim", { value: -0.2, status: "ok" }),
      record(1, "sim", { value: 0.6, status: "ok" }),
    ]);
    expect(a.min).toBe(-0.2);
    expect(a.mean).toBeCloseTo(0.2, 12);
  });
});

describe("views", () => {
  it("aggregatedView prefers stored aggregates and computes missing ones", () => {
    const stored = {
      metric: "a",
      mean: 0.123,
      count: 9,
      errors: 0,
      skipped: 0,
      nulls: 0,
      std: 0,
      min: 0,
      max: 1,
    };
    const data = run(
      [record(0, "a", { value: 1, status: "ok" }), record(0, "b", { value: 0.5, status: "ok" })],
      [stored],
    );
    const view = aggregatedView(data);
    expect(view.map((a) => a.metric)).toEqual(["a", "b"]);
    expect(view[0]).toBe(stored);
    expect(view[1]).toMatchObject({ metric: "b", mean: 0.5, count: 1 });
  });

  it("detailedView gives one entry per row, sorted, with the last record of a duplicate winning", () => {
    const data = run([
      record(1, "a", { value: 0.1, status: "ok" }),
      record(0, "a", { value: null, status: "error", error: "first try" }),
      record(0, "b", { value: null, status: "skipped", reason: "no model" }),
      record(0, "a", { value: 0.7, status: "ok", reason: "second try" }),
    ]);
    const { metrics, rows } = detailedView(data);
    expect(metrics).toEqual(["a", "b"]);
    expect(rows.map((r) => r.row)).toEqual([0, 1]);
    expect(rows[0]!.metrics.a).toMatchObject({ value: 0.7, status: "ok", reason: "second try" });
    expect(rowStatus(rows[0]!)).toBe("skipped");
    expect(rowStatus(rows[1]!)).toBe("ok");
  });

  it("orders metrics by metadata, then aggregates, then records", () => {
    const data = run([
      record(0, "z", { value: 1, status: "ok" }),
      record(0, "y", { value: 1, status: "ok" }),
    ]);
    data.metadata.metrics = {
      y: { name: "y", promptVersions: {}, options: {}, models: [], configHash: "c" },
    };
    expect(metricIds(data)).toEqual(["y", "z"]);
  });

  it("accepts anything with toJSON(), such as EvaluationResult", () => {
    const data = makeFixtureResult({ rows: 3 });
    expect(detailedView({ toJSON: () => data })).toEqual(detailedView(data));
    expect(formatSummary({ toJSON: () => data })).toBe(formatSummary(data));
  });

  it("marks a row with an error as error in the fixture", () => {
    const { rows } = detailedView(makeFixtureResult());
    expect(rowStatus(rows[FIXTURE_ROWS.faithfulnessError]!)).toBe("error");
    expect(rowStatus(rows[FIXTURE_ROWS.relevancySkipped[0]]!)).toBe("skipped");
  });
});

describe("compareRuns", () => {
  it("pairs rows by hash even when their order changed, and gives per-row and aggregate deltas", () => {
    const a = run([
      record(0, "m", { value: 0.5, status: "ok" }, "x"),
      record(1, "m", { value: 0.8, status: "ok" }, "y"),
      record(2, "m", { value: 0.3, status: "ok" }, "only-a"),
    ]);
    const b = run([
      record(0, "m", { value: 0.6, status: "ok" }, "y"),
      record(1, "m", { value: 0.5, status: "ok" }, "x"),
      record(2, "m", { value: null, status: "error", error: "e" }, "only-b"),
    ]);
    const c = compareRuns(a, b, { labelA: "before", labelB: "after", matchBy: "rowHash" });
    expect(c.matchedBy).toBe("rowHash");
    expect(c.labels).toEqual({ a: "before", b: "after" });
    const byHash = new Map(c.rows.map((r) => [r.rowHash, r]));
    expect(byHash.get("x")).toMatchObject({ rowA: 0, rowB: 1 });
    expect(byHash.get("x")!.metrics.m!.delta).toBeCloseTo(0, 12);
    expect(byHash.get("y")!.metrics.m!.delta).toBeCloseTo(-0.2, 12);
    expect(c.onlyInA).toEqual([{ row: 2, rowHash: "only-a", userInput: "q2" }]);
    expect(c.onlyInB).toEqual([{ row: 2, rowHash: "only-b", userInput: "q2" }]);
    const m = c.metrics[0]!;
    // a: mean(0.5, 0.8, 0.3) = 0.5333; b: mean(0.6, 0.5) = 0.55
    expect(m.meanDelta).toBeCloseTo(0.55 - 1.6 / 3, 12);
    expect(m.pairedCount).toBe(2);
    expect(m.pairedMeanDelta).toBeCloseTo(-0.1, 12);
    expect([m.improved, m.regressed, m.unchanged]).toEqual([0, 1, 1]);
    expect(m.b?.errors).toBe(1);
  });

  it("pairs by question by default, so changed responses still pair; by position when questions repeat", () => {
    // Same questions, every response changed (so every row hash differs).
    const a = run([
      record(0, "m", { value: 0.5, status: "ok" }, "a0"),
      record(1, "m", { value: 0.8, status: "ok" }, "a1"),
    ]);
    const b = run([
      record(0, "m", { value: 0.7, status: "ok" }, "b0"),
      record(1, "m", { value: 0.6, status: "ok" }, "b1"),
    ]);
    const c = compareRuns(a, b);
    expect(c.matchedBy).toBe("userInput");
    expect(c.rows.map((r) => [r.rowA, r.rowB, r.userInput])).toEqual([
      [0, 0, "q0"],
      [1, 1, "q1"],
    ]);
    expect(c.rows.map((r) => r.metrics.m!.delta!.toFixed(6))).toEqual(["0.200000", "-0.200000"]);
    expect([c.onlyInA, c.onlyInB]).toEqual([[], []]);
    expect(compareRuns(a, b, { matchBy: "rowHash" }).rows).toHaveLength(0);
    expect(comparisonToMarkdown(c)).toContain(
      "Rows paired by:** question (user_input); 2 paired, 0 only in a, 0 only in b",
    );
  });

  it("falls back to the row index when rows have no hash", () => {
    const a = run([
      record(0, "m", { value: 0.1, status: "ok" }, ""),
      record(1, "m", { value: 0.2, status: "ok" }, ""),
    ]);
    const b = run([record(0, "m", { value: 0.4, status: "ok" }, "")]);
    const c = compareRuns(a, b, { matchBy: "row" });
    expect(c.matchedBy).toBe("row");
    expect(c.rows).toHaveLength(1);
    expect(c.rows[0]!.metrics.m!.delta).toBeCloseTo(0.3, 12);
    expect(c.onlyInA.map((r) => r.row)).toEqual([1]);
  });

  it("pairs duplicate rows (same hash) in order, gives no delta for non-ok cells, and flags config changes", () => {
    const base = makeFixtureResult();
    const changed = withValue(base, 0, "faithfulness", 0);
    changed.metadata = {
      ...changed.metadata,
      metrics: {
        ...changed.metadata.metrics,
        context_relevance: { ...changed.metadata.metrics.context_relevance!, configHash: "different" },
      },
    };
    const c = compareRuns(base, changed);
    expect(c.rows).toHaveLength(24);
    expect(c.onlyInA).toEqual([]);
    const faith = c.metrics.find((m) => m.metric === "faithfulness")!;
    expect(faith.regressed).toBe(1);
    expect(faith.configChanged).toBe(false);
    expect(c.metrics.find((m) => m.metric === "context_relevance")!.configChanged).toBe(true);
    const errorRow = c.rows.find((r) => r.rowA === FIXTURE_ROWS.faithfulnessError)!;
    expect(errorRow.metrics.faithfulness).toMatchObject({ delta: null, statusA: "error", statusB: "error" });

    const dup = run([
      record(0, "m", { value: 0.1, status: "ok" }, "same"),
      record(1, "m", { value: 0.2, status: "ok" }, "same"),
    ]);
    const dupB = run([record(0, "m", { value: 0.3, status: "ok" }, "same")]);
    const d = compareRuns(dup, dupB);
    expect(d.rows.map((r) => [r.rowA, r.rowB])).toEqual([[0, 0]]);
    expect(d.onlyInA.map((r) => r.row)).toEqual([1]);
  });
});

describe("formatting", () => {
  it("formats scores and deltas", () => {
    expect(formatScore(0.71234)).toBe("0.712");
    expect(formatScore(-0.0001)).toBe("0.000");
    expect(formatScore(null)).toBe("-");
    expect(formatDelta(0.12)).toBe("+0.120");
    expect(formatDelta(-0.05)).toBe("-0.050");
    expect(formatDelta(0)).toBe("0.000");
  });

  it("bins histograms over [0, 1] or the value range", () => {
    expect(histogram([0, 0.05, 0.5, 1], 10).counts).toEqual([2, 0, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(histogramDomain([-0.23, 0.8])).toEqual({ lo: -0.3, hi: 0.8 });
    expect(histogramDomain([2, 2])).toEqual({ lo: 1.5, hi: 2.5 });
    const h = histogram([-0.3, 0.8, 0.25], 11);
    expect(h.counts.reduce((s, c) => s + c, 0)).toBe(3);
    expect(h.counts[0]).toBe(1);
    expect(h.counts[10]).toBe(1);
  });
});

describe("axisTicks", () => {
  it("puts ticks at round values", () => {
    expect(axisTicks(0, 1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(axisTicks(-0.3, 0.8)).toEqual([-0.2, 0, 0.2, 0.4, 0.6, 0.8]);
    expect(axisTicks(0, 7)).toEqual([0, 2, 4, 6]);
    expect(axisTicks(0.5, 0.5)).toEqual([0.5]);
  });
});

describe("formatSummary", () => {
  it("prints an aligned table with mean, scored n of N, errors and skipped, and why rows failed", () => {
    const text = formatSummary(makeFixtureResult());
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^metric\s+mean\s+95% interval\s+scored\s+no score\s+errors\s+skipped$/);
    const table = lines.slice(0, 4);
    // Right-aligned numeric columns end at the same offset on every line.
    const ends = table.map((l) => l.length);
    expect(new Set(ends).size).toBe(1);
    const faith = lines.find((l) => l.startsWith("faithfulness "))!;
    const agg = makeFixtureResult().aggregates.find((a) => a.metric === "faithfulness")!;
    expect(faith.split(/\s+/)).toEqual([
      "faithfulness",
      agg.mean!.toFixed(3),
      `${agg.interval!.low.toFixed(3)}–${agg.interval!.high.toFixed(3)}`,
      String(agg.count),
      "of",
      String(agg.count + agg.nulls + 1),
      String(agg.nulls),
      "1",
      "0",
    ]);
    expect(text).toContain("1 invalid row not evaluated.");
    expect(text).toContain(
      "answer_relevancy: 2 skipped on rows 8, 9 (2 rows): embedding model all-minilm-l6-v2 not found; run `airgap-eval models pull all-minilm-l6-v2`",
    );
    expect(text).toContain("context_relevance: 1 error on row 11: ContextOverflowError");
  });

  it("keeps the lines of a multi-line reason (such as the models pull instructions), indented", () => {
    const reason = "Model x is not on this machine.\nTo get it:\n  airgap-eval models pull x";
    const text = formatSummary(
      run([
        record(0, "faithfulness", { value: null, status: "skipped", reason }),
        record(1, "faithfulness", { value: null, status: "skipped", reason }),
      ]),
    );
    expect(text).toContain(
      "faithfulness: 2 skipped on rows 0, 1 (2 rows):\n    Model x is not on this machine.\n    To get it:\n      airgap-eval models pull x\n",
    );
  });

  it("accepts a list of aggregates", () => {
    const text = formatSummary([
      { metric: "exact_match", mean: 1, count: 3, errors: 1, skipped: 2, nulls: 1, std: 0, min: 1, max: 1 },
    ]);
    expect(text).toBe(
      `${alignColumns(
        [
          ["metric", "mean", "95% interval", "scored", "no score", "errors", "skipped"],
          ["exact_match", "1.000", "-", "3 of 7", "1", "1", "2"],
        ],
        [false, true, true, true, true, true, true],
      ).join("\n")}\n`,
    );
    expect(text.split("\n")[1]).toBe("exact_match  1.000             -  3 of 7         1       1        2");
  });
});
