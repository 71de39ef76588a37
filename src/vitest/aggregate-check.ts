import type { DatasetSample } from "../dataset/types.js";
import { InvalidInputError } from "../errors.js";
import { meanInterval } from "../math/mean-interval.js";
import { formatLevel } from "../report/interval-text.js";
import { type SuiteState, unscoredReason } from "./suite-state.js";

/** A bar on one metric over the whole data set. */
export interface AggregateExpectation {
  /** The mean of the scored rows must be at least this. Defaults to no bar. */
  meanAtLeast?: number;
  /** At most this many rows may be left without a score (errors, skipped, null, timed out). Defaults to 0. */
  maxUnscored?: number;
  /**
   * A confidence level (e.g. 0.95): `meanAtLeast` must then hold for the lower bound of the mean's interval at that
   * level (method `auto`: Wilson for 0/1 scores, t below 30 rows, else a seeded bootstrap), not only for the mean,
   * so a bar is passed only when the rows are enough to show it. Defaults to none (the mean alone).
   */
  confidence?: number;
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
  if (bar.meanAtLeast === undefined) return problems;
  if (bar.confidence === undefined) {
    if (mean === null || mean < bar.meanAtLeast) {
      problems.push(
        `mean ${mean === null ? "n/a" : mean.toFixed(4)} over ${scored.length} scored rows; expected >= ${bar.meanAtLeast}`,
      );
    }
    return problems;
  }
  const problem = lowerBoundProblem(scored, bar.meanAtLeast, bar.confidence);
  if (problem !== undefined) problems.push(problem);
  return problems;
}

/** Why the lower bound of the mean's interval at `confidence` misses `bar`; undefined when it clears it. */
function lowerBoundProblem(scored: readonly number[], bar: number, confidence: number): string | undefined {
  if (!(confidence > 0 && confidence < 1)) {
    throw new InvalidInputError(
      `aggregate confidence must lie between 0 and 1 (e.g. 0.95), got ${confidence}`,
      {
        field: "aggregate",
      },
    );
  }
  const level = formatLevel(confidence);
  const interval = meanInterval(scored, { level: confidence });
  const mean = scored.length > 0 ? (scored.reduce((sum, v) => sum + v, 0) / scored.length).toFixed(4) : "n/a";
  if (interval === null) {
    return `mean ${mean} over ${scored.length} scored rows: too few rows for a ${level} interval; expected its lower bound >= ${bar}`;
  }
  if (interval.low >= bar) return undefined;
  return (
    `mean ${mean} over ${scored.length} scored rows, ${level} interval ${interval.low.toFixed(4)}–${interval.high.toFixed(4)} ` +
    `(${interval.method}); expected its lower bound >= ${bar}`
  );
}
