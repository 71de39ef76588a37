import type { MetricResult } from "../metrics/types.js";

/** What happened to one row of a `describeEval` suite. */
export interface RowOutcome {
  /** The row's test name. */
  name: string;
  /** Each metric's result, by metric name, for the metrics that finished. */
  results: Map<string, MetricResult>;
  /** Why the row stopped before its last metric finished (ran out of time, an error), and in which metric. */
  stopped?: { metric: string | undefined; reason: string };
}

/** What the tests of one `describeEval` suite learn as they run, for its aggregate tests. */
export interface SuiteState {
  /** The names of the built metrics; undefined until they are built. */
  metricNames?: string[];
  /** Why the metrics could not be built, once that failed. */
  buildError?: string;
  /** By row index, the rows whose tests ran. */
  rows: Map<number, RowOutcome>;
}

/**
 * Why a row has no score for `metric`, in a few words: it did not run, it stopped (time, error) in or before the
 * metric, or the metric gave no value (its status).
 *
 * @example
 * unscoredReason(state.rows.get(0), "faithfulness"); // "ran out of time in faithfulness"
 */
export function unscoredReason(outcome: RowOutcome | undefined, metric: string): string {
  if (outcome === undefined) return "its test did not run";
  const result = outcome.results.get(metric);
  if (result !== undefined) return result.status === "ok" ? "no value" : result.status;
  const stopped = outcome.stopped;
  if (stopped === undefined) return "not scored";
  if (stopped.metric === metric) return `${stopped.reason} in ${metric}`;
  return `${stopped.reason}${stopped.metric !== undefined ? ` in ${stopped.metric}` : ""}, before ${metric} ran`;
}
