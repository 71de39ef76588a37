import { averagePrecisionOfVerdicts } from "../shared/text/average-precision.js";

/**
 * Ragas' context precision: the average precision of the judge's verdicts (1 useful, 0 not, or the
 * probability of useful) in retrieval order, as `averagePrecisionOfVerdicts` (shared with the non-LLM context
 * precision) computes it, 1e-10 in the denominator included.
 *
 * @example
 * contextPrecisionScore([1, 0, 1]); // (1/1 + 2/3) / (2 + 1e-10) ≈ 0.8333333333
 */
export function contextPrecisionScore(verdicts: readonly number[]): number {
  return averagePrecisionOfVerdicts(verdicts);
}
