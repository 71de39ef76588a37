// G-Eval's value. The probability weighting itself (`weightedScore`, the score slot, the low-mass warning) is shared
// with conversational_g_eval and lives in shared/judge/g-eval/weighting.ts.

/**
 * G-Eval's value on the user's scale: the probability-weighted score when the judge's score-token probabilities
 * were read, else the score the judge wrote.
 *
 * @example
 * gEvalValue(3.7, 4); // 3.7
 * gEvalValue(undefined, 4); // 4 (a judge without token probabilities)
 */
export function gEvalValue(weighted: number | undefined, written: number): number {
  return weighted ?? written;
}
