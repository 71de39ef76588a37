import type { DatasetSample } from "../dataset/types.js";
import type { Metric } from "../metrics/types.js";
import { EvalTimeoutError, withDeadline } from "../testing/deadline.js";
import { assessResult, type ScoreExpectation, suggestedTimeout } from "../testing/expectation.js";
import { metricAllowance, seconds } from "../testing/time-allowance.js";
import { errorText } from "../util/error-text.js";
import { atCallSite, type CallSite, EvalFailure } from "./call-site.js";
import { recordAssertion } from "./matchers.js";
import type { RowOutcome } from "./suite-state.js";

/** What {@link scoreRow} needs to know about its suite. */
export interface RowSuite {
  /** The suite's name. */
  name: string;
  /** Per-row bars by metric name. */
  thresholds: Record<string, number | ScoreExpectation> | undefined;
  /** Milliseconds per row set by the user, or undefined to size them from the judge. */
  timeout: number | undefined;
  /** Where the user called `describeEval`, where a failing row is located. */
  site: CallSite;
}

/**
 * The time a row may take: the suite's `timeout`, else the sum of each metric's allowance on the row, with the
 * reason in words.
 */
async function rowLimit(
  suite: RowSuite,
  metrics: readonly Metric[],
  item: DatasetSample,
): Promise<{ ms: number; why: string }> {
  if (suite.timeout !== undefined) return { ms: suite.timeout, why: "the suite's timeout option" };
  const parts = await Promise.all(metrics.map((m) => metricAllowance(m, item.sample)));
  return {
    ms: parts.reduce((sum, p) => sum + p.ms, 0),
    why: `sized from the judge: ${parts.map((p) => `${p.metric} ${p.explanation}`).join("; ")}`,
  };
}

/**
 * Scores one row with every metric, in order, within the row's time limit; records each score for the reporter
 * and `outcome` for the aggregate tests; throws, located at the user's `describeEval` call, when a bar is missed
 * (one message for all the row's misses) or the time runs out (naming the row, the metric, the limit and how to
 * raise it). The judge calls in flight are stopped when the time runs out or the test is cancelled (`signal`).
 */
export async function scoreRow(
  suite: RowSuite,
  metrics: readonly Metric[],
  item: DatasetSample,
  outcome: RowOutcome,
  signal: AbortSignal,
): Promise<void> {
  const limit = await rowLimit(suite, metrics, item);
  const failures: string[] = [];
  let current: string | undefined;
  const timedOut = () =>
    atCallSite(
      new EvalTimeoutError(
        `row "${outcome.name}" of describeEval("${suite.name}"): ${current} did not finish within ` +
          `${seconds(limit.ms)}, the row's time limit (${limit.why}); its judge calls were stopped. Give the rows ` +
          `more time with describeEval("${suite.name}", { timeout: ${suggestedTimeout(limit.ms)} }) ` +
          '(milliseconds per row; the default is sized from the judge, docs/testing.md "Time limits").',
      ),
      suite.site,
    );
  try {
    await withDeadline(
      async (rowSignal) => {
        for (const metric of metrics) {
          current = metric.name;
          const started = Date.now();
          const result = await metric.score(item.sample, { signal: rowSignal });
          recordAssertion("row", metric, item.sample, result, started);
          outcome.results.set(metric.name, result);
          const bar = suite.thresholds?.[metric.name];
          if (bar === undefined) continue;
          const assessed = assessResult(metric, result, typeof bar === "number" ? { atLeast: bar } : bar);
          if (!assessed.pass) failures.push(assessed.message);
        }
      },
      { ms: limit.ms, signal, onTimeout: timedOut },
    );
  } catch (err) {
    outcome.stopped = {
      metric: current,
      reason: err instanceof EvalTimeoutError ? "ran out of time" : `failed (${errorText(err)})`,
    };
    throw err;
  }
  if (failures.length > 0) {
    throw atCallSite(new EvalFailure(failures.join("\n\n")), suite.site);
  }
}
