/**
 * Ragas' agent goal accuracy: the comparison verdict as a number, 1 when the end state reaches the desired outcome
 * and 0 when not (Ragas' `float(verdict)`). With `scoring: "expected"` the verdict's `weight`, the judge's probability
 * of 1, is the value instead.
 *
 * @example
 * goalAccuracy(1); // 1
 * goalAccuracy(1, 0.8); // 0.8
 */
export function goalAccuracy(verdict: 0 | 1, weight?: number): number {
  return weight ?? verdict;
}
