// G-Eval's probability weighting, shared by g_eval and conversational_g_eval: the weighted score, the score slot
// where its probabilities are read, and the warning when the judge puts little probability on the allowed scores.
/**
 * G-Eval's score: the mean of the allowed scores weighted by the judge's probability of writing each one at the
 * score slot. `probabilities` maps a score (as written, e.g. "4") to its probability among the allowed scores.
 *
 * @example
 * weightedScore({ "1": 0.1, "2": 0.2, "3": 0.7 }); // 2.6
 */
export function weightedScore(probabilities: Record<string, number>): number {
  let total = 0;
  let weight = 0;
  for (const [score, p] of Object.entries(probabilities)) {
    total += Number(score) * p;
    weight += p;
  }
  if (!(weight > 0)) throw new RangeError("no probability mass on any allowed score");
  return total / weight;
}

/**
 * The JSON text of a score answer up to its score slot, as the few-shot examples are written (compact JSON):
 * the position where the judge's score probabilities are read.
 *
 * @example
 * scoreSlotPrefix("Clear and complete."); // '{"reason":"Clear and complete.","score":'
 * scoreSlotPrefix(undefined); // '{"score":' (an answer without reason, `reasons: false`)
 */
export function scoreSlotPrefix(reason: string | undefined): string {
  return reason === undefined ? `{"score":` : `{"reason":${JSON.stringify(reason)},"score":`;
}

/**
 * The least probability mass the judge should put on the allowed scores, together, at the score slot (before
 * normalising): below it a G-Eval row carries a warning in `details.warnings`. Under a tenth, the model wanted to
 * write something else there by more than 9 to 1, so the weighted score rests on a sliver of its distribution.
 */
export const G_EVAL_MIN_SCORE_MASS = 0.1;

/**
 * The warning a row gets when the judge's probability mass on the allowed scores is below `threshold`, or
 * undefined when it is not.
 *
 * @example
 * lowScoreMassWarning(1e-16); // "the judge put 1e-16 of its probability on the allowed scores ..."
 * lowScoreMassWarning(0.93); // undefined
 */
export function lowScoreMassWarning(mass: number, threshold = G_EVAL_MIN_SCORE_MASS): string | undefined {
  if (mass >= threshold) return undefined;
  return (
    `the judge put ${mass.toPrecision(2).replace(/\.?0+(e|$)/, "$1")} of its probability on the allowed scores at the score slot ` +
    `(less than ${threshold}): the weighted value rests on a sliver of what it wanted to write there; ` +
    "compare details.greedyScore, and prefer a judge that follows the prompt's JSON format"
  );
}
