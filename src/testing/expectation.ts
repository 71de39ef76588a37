import { InvalidInputError } from "../errors.js";
import type { Metric, MetricResult, Sample } from "../metrics/types.js";
import { explainResult } from "./explain.js";

/** What a score must be for an assertion to pass. */
export interface ScoreExpectation {
  /** The value must be at least this. Defaults to no lower bound. */
  atLeast?: number;
  /** The value must be at most this. Defaults to no upper bound. */
  atMost?: number;
  /** A row without a value (error, skipped, null) passes instead of failing. Defaults to false. */
  allowUnscored?: boolean;
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

function checkBounds(expectation: ScoreExpectation): void {
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
 * Scores `sample` with `metric` and checks the value against the bounds. Bad input throws (the test
 * is wrong, not the system under test); a judge failure on the row is a failed assertion whose text
 * carries the error.
 *
 * @example
 * const { pass, message } = await assessScore(sample, new Faithfulness({ llm }), { atLeast: 0.8 });
 */
export async function assessScore(
  sample: Sample,
  metric: Metric,
  expectation: ScoreExpectation,
): Promise<ScoreAssessment> {
  checkBounds(expectation);
  const result = await metric.score(sample);
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
