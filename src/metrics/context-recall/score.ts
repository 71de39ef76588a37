/**
 * Ragas' context recall: the share of the reference's statements attributed to the retrieved
 * contexts. Null when there are no statements (Ragas gives NaN). Attributions may be probabilities
 * (`scoring: "expected"`): the mean is then the expected share.
 *
 * @example
 * contextRecall([1, 0, 1, 1]); // 0.75
 */
export function contextRecall(attributed: readonly number[]): number | null {
  if (attributed.length === 0) return null;
  return attributed.reduce((sum, a) => sum + a, 0) / attributed.length;
}
