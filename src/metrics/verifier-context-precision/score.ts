// The verifier context precision formula: Ragas' average precision (shared/text/average-precision.ts) over verdicts from
// the cross-encoder's probabilities, in retrieval order.
import { averagePrecisionOfVerdicts } from "../shared/text/average-precision.js";

/**
 * Verdicts from probabilities (`"threshold"`: 1 when >= threshold, else 0; `"probability"`: the probability), then
 * Ragas' average precision `sum_k (precision@k * v_k) / (sum_k v_k + 1e-10)`.
 *
 * @example
 * verifierContextPrecisionScore([0.9, 0.2, 0.7], 0.5, "threshold"); // (1/1 + 2/3) / (2 + 1e-10) ≈ 0.8333
 */
export function verifierContextPrecisionScore(
  probabilities: readonly number[],
  threshold: number,
  scoring: "threshold" | "probability",
): number {
  const verdicts = probabilities.map((p) => (scoring === "probability" ? p : p >= threshold ? 1 : 0));
  return averagePrecisionOfVerdicts(verdicts);
}
