/**
 * Ragas' context recall: the share of the reference's statements attributed to the retrieved
 * contexts. Null when there are no statements (Ragas gives NaN).
 *
 * @example
 * contextRecall([1, 0, 1, 1]); // 0.75
 */
export function contextRecall(attributed: ReadonlyArray<0 | 1>): number | null {
  if (attributed.length === 0) return null;
  return attributed.filter((a) => a === 1).length / attributed.length;
}
