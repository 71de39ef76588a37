import { InvalidInputError } from "../errors.js";
import type { Metric, MetricResult, Sample } from "../metrics/types.js";
import { EvalTimeoutError, withDeadline } from "./deadline.js";
import { explainResult } from "./explain.js";
import { metricAllowance, seconds } from "./time-allowance.js";

/** What a score must be for an assertion to pass. */
export interface ScoreExpectation {
  /** The value must be at least this. Defaults to no lower bound. */
  atLeast?: number;
  /** The value must be at most this. Defaults to no upper bound. */
  atMost?: number;
  /** A row without a value (error, skipped, null) passes instead of failing. Defaults to false. */
  allowUnscored?: boolean;
  /**
   * Milliseconds the metric may take on this sample; past it the judge calls are stopped and the assertion fails,
   * naming the metric and the limit. Defaults to the time sized from the judge (docs/testing.md, "Time limits").
   */
  timeout?: number;
}

/** Where a scored assertion runs, for its time limit and its messages. */
export interface AssessOptions {
  /** What asserts, named in a time-out message, e.g. `toBeFaithful`. Defaults to `assessScore`. */
  by?: string;
  /** Stops the metric's judge calls, e.g. the test's own signal. Defaults to none. */
  signal?: AbortSignal;
  /**
   * A limit set elsewhere that ends sooner than the assertion's own (vitest's test timeout): the smaller one applies,
   * and when this one runs out, `message` is the error text. Defaults to none.
   */
  ceiling?: { ms: number; message: (allowedMs: number, allowance: string) => string };
}

/** The outcome of one scored assertion. */
export interface ScoreAssessment {
  pass: boolean;
  /** False when the row has no value (error, skipped, null): a negated assertion must not pass on it either. */
  scored: boolean;
  result: MetricResult;
  /** The failure (or, negated, success) text: metric, score, bounds and the judge's evidence. */
  message: string;
}

function checkExpectation(expectation: ScoreExpectation): void {
  const t = expectation.timeout;
  if (t !== undefined && (typeof t !== "number" || !(t > 0) || !Number.isFinite(t))) {
    throw new InvalidInputError(`timeout must be a positive number of milliseconds, got ${String(t)}`, {
      field: "timeout",
    });
  }
  for (const key of ["atLeast", "atMost"] as const) {
    const v = expectation[key];
    if (v !== undefined && (typeof v !== "number" || !Number.isFinite(v))) {
      throw new InvalidInputError(`${key} must be a finite number, got ${String(v)}`, { field: key });
    }
  }
  if (expectation.atLeast === undefined && expectation.atMost === undefined) {
    throw new InvalidInputError("give atLeast and/or atMost, e.g. { atLeast: 0.8 }", { field: "atLeast" });
  }
}

function describeBounds(e: ScoreExpectation): string {
  return [e.atLeast !== undefined ? `>= ${e.atLeast}` : "", e.atMost !== undefined ? `<= ${e.atMost}` : ""]
    .filter(Boolean)
    .join(" and ");
}

/** Why a row has no value, in a word: its status (error, skipped), or `null` for an ok row without a value. */
export function unscoredStatus(result: MetricResult): string {
  return result.status === "ok" ? "null" : result.status;
}

/**
 * Checks a metric's result against the bounds: whether it passes, and the failure (or, negated, success) text.
 *
 * @example
 * const { pass, message } = assessResult(metric, await metric.score(sample), { atLeast: 0.8 });
 */
export function assessResult(
  metric: Metric,
  result: MetricResult,
  expectation: ScoreExpectation,
): ScoreAssessment {
  checkExpectation(expectation);
  const value = result.status === "ok" ? result.value : null;
  const pass =
    value === null
      ? expectation.allowUnscored === true
      : (expectation.atLeast === undefined || value >= expectation.atLeast) &&
        (expectation.atMost === undefined || value <= expectation.atMost);
  const head =
    value === null
      ? `${metric.name} gave no score (${unscoredStatus(result)}); expected a score ${describeBounds(expectation)}`
      : `${metric.name} scored ${value}; expected ${describeBounds(expectation)}`;
  return { pass, scored: value !== null, result, message: `${head}\n${explainResult(result)}` };
}

/**
 * Scores `sample` with `metric` within its time limit and checks the value against the bounds. Bad input throws
 * (the test is wrong, not the system under test); a judge failure on the row is a failed assertion whose text
 * carries the error; running out of time throws an `EvalTimeoutError` naming the metric, the limit and how to
 * raise it.
 *
 * @example
 * const { pass, message } = await assessScore(sample, new Faithfulness({ llm }), { atLeast: 0.8 });
 */
export async function assessScore(
  sample: Sample,
  metric: Metric,
  expectation: ScoreExpectation,
  options: AssessOptions = {},
): Promise<ScoreAssessment> {
  checkExpectation(expectation);
  const by = options.by ?? "assessScore";
  const own =
    expectation.timeout !== undefined
      ? { ms: expectation.timeout, explanation: "its timeout option" }
      : await metricAllowance(metric, sample);
  const ceiling = options.ceiling;
  const capped = ceiling !== undefined && ceiling.ms < own.ms;
  const result = await withDeadline((signal) => metric.score(sample, { signal }), {
    ms: capped ? ceiling.ms : own.ms,
    ...(options.signal ? { signal: options.signal } : {}),
    onTimeout: () =>
      new EvalTimeoutError(
        capped
          ? ceiling.message(own.ms, own.explanation)
          : `${by}: ${metric.name} did not finish within ${seconds(own.ms)} (${own.explanation}); its judge calls ` +
              `were stopped. Give it more time with { timeout: ${suggestedTimeout(own.ms)} } (milliseconds) in ${by}'s ` +
              `options; the default is sized from the judge (docs/testing.md, "Time limits").`,
      ),
  });
  return assessResult(metric, result, expectation);
}

/** A limit to suggest after `ms` ran out: twice as long, in round seconds. */
export function suggestedTimeout(ms: number): string {
  return (Math.ceil((2 * ms) / 1000) * 1000).toLocaleString("en-US").replace(/,/g, "_");
}
