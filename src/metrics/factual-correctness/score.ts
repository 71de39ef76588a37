/** Which side factual correctness scores: the response's precision, its recall of the reference, or their F-beta. */
export type FactualCorrectnessMode = "precision" | "recall" | "f1";

/** Ragas' epsilon in the precision and recall modes' denominators. */
export const FACTUAL_EPSILON = 1e-8;

/** Claim counts: TP and FP among the response's claims (checked against the reference), FN among the reference's. */
export interface ClaimCounts {
  tp: number;
  fp: number;
  fn: number;
}

/**
 * Ragas' F-beta helper (`ragas.metrics.utils.fbeta_score`): precision tp/(tp+fp) and recall
 * tp/(tp+fn), each 0 when its denominator is 0; 0 when both are 0; else `(1+b²)·p·r / (b²·p + r)`.
 *
 * @example
 * fbetaScore({ tp: 1, fp: 7, fn: 7 }, 1); // 0.125
 */
export function fbetaScore({ tp, fp, fn }: ClaimCounts, beta: number): number {
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  if (precision === 0 && recall === 0) return 0;
  const b2 = beta ** 2;
  return ((1 + b2) * (precision * recall)) / (b2 * precision + recall);
}

/** Rounds half to even, as `numpy.rint` does: 12.5 gives 12, 13.5 gives 14. */
export function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff < 0.5) return floor;
  if (diff > 0.5) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** `numpy.round(x, decimals)`: multiply by 10^decimals, round half to even, divide back. */
export function numpyRound(x: number, decimals: number): number {
  const factor = 10 ** decimals;
  return roundHalfEven(x * factor) / factor;
}

/**
 * Ragas' factual correctness from the claim counts, rounded to 2 decimals as numpy does:
 * precision `tp/(tp+fp+1e-8)`, recall `tp/(tp+fn+1e-8)`, or `fbetaScore` in mode f1.
 *
 * @example
 * factualCorrectnessScore({ tp: 3, fp: 5, fn: 5 }, "f1", 1); // 0.38 (0.375 rounds half to even)
 */
export function factualCorrectnessScore(
  counts: ClaimCounts,
  mode: FactualCorrectnessMode,
  beta: number,
): number {
  const { tp, fp, fn } = counts;
  const raw =
    mode === "precision"
      ? tp / (tp + fp + FACTUAL_EPSILON)
      : mode === "recall"
        ? tp / (tp + fn + FACTUAL_EPSILON)
        : fbetaScore(counts, beta);
  return numpyRound(raw, 2);
}
