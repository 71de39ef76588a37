import { strictClamp } from "../shared/judge/deepeval-rag/score.js";

/**
 * DeepEval's contextual precision, the weighted cumulative precision of relevant nodes: over the contexts in
 * retrieval order with verdicts v_k (1/0, or the probability of 1 with scoring "expected"),
 * `sum_k (sum_{i<=k} v_i / k) · v_k / sum_k v_k`; 0 without contexts or without a relevant one (no epsilon, unlike
 * Ragas); with `strict`, 0 below 1.
 *
 * @example
 * contextualPrecision([1, 0, 1], false); // (1/1 + 2/3) / 2 = 0.8333333333333333
 * contextualPrecision([0, 1], false); // 0.5
 * contextualPrecision([0, 0], false); // 0
 */
export function contextualPrecision(relevant: readonly number[], strict: boolean): number {
  let seen = 0;
  let weighted = 0;
  for (const [i, v] of relevant.entries()) {
    seen += v;
    weighted += (seen / (i + 1)) * v;
  }
  if (seen === 0) return 0;
  return strictClamp(weighted / seen, strict);
}
