// describeEval's aggregate bar with `confidence`: the lower bound of the mean's interval must clear the bar.
import { describe, expect, it } from "vitest";
import type { DatasetSample } from "../../src/dataset/types.js";
import { meanInterval } from "../../src/math/mean-interval.js";
import { aggregateProblems } from "../../src/vitest/aggregate-check.js";
import type { SuiteState } from "../../src/vitest/suite-state.js";

function suite(values: readonly number[]): { samples: DatasetSample[]; state: SuiteState } {
  const samples = values.map((_, row) => ({ row, sample: {} }) as unknown as DatasetSample);
  const rows = new Map(
    values.map((value, row) => [
      row,
      { name: `row ${row}`, results: new Map([["exact_match", { value, status: "ok" as const }]]) },
    ]),
  );
  return { samples, state: { metricNames: ["exact_match"], rows } };
}

describe("aggregate bar with a confidence level", () => {
  // 17 of 20 right: mean 0.85, Wilson 95% interval 0.640–0.948.
  const values = Array.from({ length: 20 }, (_, i) => (i < 17 ? 1 : 0));
  const { samples, state } = suite(values);
  const interval = meanInterval(values)!;

  it("passes on the mean alone, fails when the interval's lower bound misses the bar, saying both", () => {
    expect(aggregateProblems("s", "exact_match", { meanAtLeast: 0.8 }, samples, state)).toEqual([]);
    expect(
      aggregateProblems("s", "exact_match", { meanAtLeast: 0.8, confidence: 0.95 }, samples, state),
    ).toEqual([
      `mean 0.8500 over 20 scored rows, 95% interval ${interval.low.toFixed(4)}–${interval.high.toFixed(4)} (wilson); expected its lower bound >= 0.8`,
    ]);
  });

  it("passes when the lower bound clears the bar; a lower level gives a higher bound", () => {
    expect(
      aggregateProblems("s", "exact_match", { meanAtLeast: 0.6, confidence: 0.95 }, samples, state),
    ).toEqual([]);
    const at80 = meanInterval(values, { level: 0.8 })!;
    expect(at80.low).toBeGreaterThan(interval.low);
    expect(
      aggregateProblems("s", "exact_match", { meanAtLeast: at80.low, confidence: 0.8 }, samples, state),
    ).toEqual([]);
  });

  it("refuses a level outside (0, 1)", () => {
    expect(() =>
      aggregateProblems("s", "exact_match", { meanAtLeast: 0.5, confidence: 95 }, samples, state),
    ).toThrow("aggregate confidence must lie between 0 and 1 (e.g. 0.95), got 95");
  });
});
