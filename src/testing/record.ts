import type { MetricConfig, MetricResult, Sample } from "../metrics/types.js";

/** Where a scored assertion comes from: a row of a `describeEval` data set, or a matcher in a test of one's own. */
export type EvalAssertionSource = "row" | "matcher";

/** One scored assertion, carried from a test worker to the reporter in the test's metadata. */
export interface EvalAssertionRecord {
  source: EvalAssertionSource;
  /** The test's full name. */
  test: string;
  metric: string;
  config: MetricConfig;
  sample: Sample;
  result: MetricResult;
  finishedAt: string;
  durationMs: number;
}

/** The key under which records travel in a vitest task's `meta`. */
export const EVAL_META_KEY = "airgapEval";
