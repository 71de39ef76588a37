// DeepEval's score rules shared by its RAG judges: the passing share of verdicts (score_qag_verdicts), strict_mode's
// clamp and the threshold's pass/fail.

/**
 * The share of passing verdicts, DeepEval's `score_qag_verdicts`: `empty` when there is no verdict, and with
 * `strict` (DeepEval `strict_mode`) 0 below 1. `passes` are 1/0 verdicts, or probabilities of 1 with scoring
 * "expected".
 *
 * @example
 * verdictShare([1, 0, 1, 1], false, 0); // 0.75
 * verdictShare([], false, 0); // 0
 */
export function verdictShare(passes: readonly number[], strict: boolean, empty: number): number {
  if (passes.length === 0) return empty;
  return strictClamp(passes.reduce((sum, p) => sum + p, 0) / passes.length, strict);
}

/**
 * DeepEval's `strict_mode` clamp: with `strict`, any score below 1 becomes 0.
 *
 * @example
 * strictClamp(0.9, true); // 0
 */
export function strictClamp(score: number, strict: boolean): number {
  return strict && score < 1 ? 0 : score;
}

/**
 * DeepEval's `is_successful`: the score reaches the threshold, which `strict_mode` sets to 1.
 *
 * @example
 * passesThreshold(0.5, 0.5, false); // true
 * passesThreshold(0.9, 0.5, true); // false
 */
export function passesThreshold(score: number, threshold: number, strict: boolean): boolean {
  return score >= (strict ? 1 : threshold);
}
