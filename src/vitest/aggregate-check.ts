import type { DatasetSample } from "../dataset/types.js";
import { InvalidInputError } from "../errors.js";
import { type SuiteState, unscoredReason } from "./suite-state.js";

/** A bar on one metric over the whole data set. */
export interface AggregateExpectation {
  /** The mean of the scored rows must be at least this. Defaults to no bar. */
  meanAtLeast?: number;
  /** At most this many rows may be left without a score (errors, skipped, null, timed out). Defaults to 0. */
  maxUnscored?: number;
}

/**
 * The problems of one aggregate bar over the rows that ran: rows without a score beyond `maxUnscored` (each named,
 * with why: it ran out of time, failed, or the metric gave no value) and a mean below `meanAtLeast`. Empty when
 * the bar holds. Throws `InvalidInputError` when the metric is not among the suite's (once they are known).
 *
 * @example
 * const problems = aggregateProblems("support bot", "faithfulness", { meanAtLeast: 0.8 }, samples, state);
 */
export function aggregateProblems(
  suite: string,
  metric: string,
  bar: AggregateExpectation,
  samples: readonly DatasetSample[],
  state: SuiteState,
): string[] {
  if (state.metricNames === undefined) {
    return [
      `no row has a ${metric} score: the metrics of "${suite}" were never built ` +
        `(${state.buildError ?? "no row test ran"}); see the first row's error`,
    ];
  }
  if (!state.metricNames.includes(metric)) {
    throw new InvalidInputError(
      `aggregate names ${metric}, which is not among the metrics of "${suite}" (${state.metricNames.join(", ")})`,
      { field: "aggregate" },
    );
  }
  const scored: number[] = [];
  const unscored: string[] = [];
  for (const s of samples) {
    const outcome = state.rows.get(s.row);
    const result = outcome?.results.get(metric);
    if (result?.status === "ok" && result.value !== null) scored.push(result.value);
    else unscored.push(`${s.row} "${outcome?.name ?? `row ${s.row}`}" (${unscoredReason(outcome, metric)})`);
  }
  const problems: string[] = [];
  const maxUnscored = bar.maxUnscored ?? 0;
  if (unscored.length > maxUnscored) {
    problems.push(
      `${unscored.length} of ${samples.length} rows have no score (rows ${unscored.join(", ")}); at most ` +
        `${maxUnscored} allowed`,
    );
  }
  const mean = scored.length > 0 ? scored.reduce((sum, v) => sum + v, 0) / scored.length : null;
  if (bar.meanAtLeast !== undefined && (mean === null || mean < bar.meanAtLeast)) {
    problems.push(
      `mean ${mean === null ? "n/a" : mean.toFixed(4)} over ${scored.length} scored rows; expected >= ${bar.meanAtLeast}`,
    );
  }
  return problems;
}
