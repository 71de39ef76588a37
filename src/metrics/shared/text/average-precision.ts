/** Ragas' term added to the denominator of average precision, so that all-zero verdicts give 0, not NaN. */
export const AVERAGE_PRECISION_EPSILON = 1e-10;

/**
 * Ragas' average precision over verdicts in retrieval order (`_calculate_average_precision`, used by the LLM
 * and the non-LLM context precision): `sum_k (precision@k * v_k) / (sum_k v_k + 1e-10)`, where precision@k is
 * the share of useful contexts among the first k. The epsilon is kept exactly, so one useful context scores
 * 1 / (1 + 1e-10) = 0.9999999999, all-zero verdicts score 0, and an empty list scores 0. Verdicts may be
 * probabilities of usefulness (`scoring: "expected"`): the same formula over expected counts.
 *
 * @example
 * averagePrecisionOfVerdicts([1, 0, 1]); // (1/1 + 2/3) / (2 + 1e-10) ≈ 0.8333333333
 */
export function averagePrecisionOfVerdicts(verdicts: readonly number[]): number {
  let useful = 0;
  let numerator = 0;
  verdicts.forEach((v, i) => {
    useful += v;
    numerator += (useful / (i + 1)) * v;
  });
  return numerator / (useful + AVERAGE_PRECISION_EPSILON);
}
