/** Statement counts of the classification: TP and FP among the response's statements, FN among the reference's. */
export interface StatementCounts {
  tp: number;
  fp: number;
  fn: number;
}

/**
 * Current Ragas' factuality F-beta of answer correctness. Precision is tp/(tp+fp), or, with no
 * TP and no FP, 1 when there is no FN either and 0 otherwise; recall likewise with FN and FP. Zero
 * when precision and recall are both 0; else `(1+b²)·p·r / (b²·p + r)`.
 *
 * @example
 * factualityScore({ tp: 2, fp: 1, fn: 1 }, 1); // 2/3
 */
export function factualityScore({ tp, fp, fn }: StatementCounts, beta: number): number {
  const precision = tp + fp === 0 ? (fn === 0 ? 1 : 0) : tp / (tp + fp);
  const recall = tp + fn === 0 ? (fp === 0 ? 1 : 0) : tp / (tp + fn);
  if (precision + recall === 0) return 0;
  const b2 = beta ** 2;
  return ((1 + b2) * (precision * recall)) / (b2 * precision + recall);
}

/**
 * The weighted mean of factuality and similarity, weights divided by their sum (numpy's
 * `average`): `(w0·f + w1·s) / (w0 + w1)`.
 *
 * @example
 * answerCorrectnessScore(2 / 3, 0.8, [0.75, 0.25]); // 0.7
 */
export function answerCorrectnessScore(
  factuality: number,
  similarity: number,
  weights: readonly [number, number],
): number {
  return (factuality * weights[0] + similarity * weights[1]) / (weights[0] + weights[1]);
}
