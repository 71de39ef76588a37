// airgap-eval/node-test: the same scored assertions for node:test (or any runner that reports thrown
// AssertionErrors), for teams without vitest.
import { AssertionError } from "node:assert";
import type { Metric, MetricResult, Sample } from "../metrics/types.js";
import { assessScore, type ScoreExpectation } from "../testing/expectation.js";

export type { ParseMetricFileOptions } from "../metric-file/definition.js";
export { loadMetricFile } from "../metric-file/load.js";
export type { ScoreExpectation } from "../testing/expectation.js";
export { explainResult } from "../testing/explain.js";

/**
 * Scores `sample` with `metric` and throws an `AssertionError` when the value misses the bounds; the
 * message names the score, the bounds, the statements and verdicts (or questions) and the reason,
 * as the vitest matchers do. Resolves to the metric's result when the assertion holds.
 *
 * @example
 * import { test } from "node:test";
 * import { assertScore } from "airgap-eval/node-test";
 * test("grounded", async () => { await assertScore(sample, new Faithfulness({ llm }), { atLeast: 0.8 }); });
 */
export async function assertScore(
  sample: Sample,
  metric: Metric,
  expectation: ScoreExpectation,
): Promise<MetricResult> {
  const { pass, result, message } = await assessScore(sample, metric, expectation, { by: "assertScore" });
  if (!pass) {
    throw new AssertionError({
      message,
      actual: result.value,
      expected: expectation,
      operator: "assertScore",
    });
  }
  return result;
}
