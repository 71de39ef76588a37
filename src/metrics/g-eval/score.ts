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
