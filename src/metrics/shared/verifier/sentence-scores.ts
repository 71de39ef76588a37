// Pure formulas over per-sentence support probabilities, shared by the verifier metrics and the faithfulness cascade.

/**
 * The share of probabilities at least `threshold` (the supported sentences); null for no sentence.
 *
 * @example
 * supportedShare([0.9, 0.2, 0.6], 0.5); // 2/3
 */
export function supportedShare(probabilities: readonly number[], threshold: number): number | null {
  if (probabilities.length === 0) return null;
  return probabilities.filter((p) => p >= threshold).length / probabilities.length;
}

/**
 * The mean probability; null for no sentence.
 *
 * @example
 * meanProbability([0.9, 0.2, 0.6]); // 0.5666…
 */
export function meanProbability(probabilities: readonly number[]): number | null {
  if (probabilities.length === 0) return null;
  return probabilities.reduce((a, b) => a + b, 0) / probabilities.length;
}

/**
 * A row's probability of being faithful: its least-supported sentence's probability (a response is faithful only if
 * every sentence is); null for no sentence. The faithfulness cascade routes rows by it.
 *
 * @example
 * rowProbability([0.9, 0.2, 0.6]); // 0.2
 */
export function rowProbability(probabilities: readonly number[]): number | null {
  if (probabilities.length === 0) return null;
  return Math.min(...probabilities);
}
