import { verdictShare } from "../shared/judge/deepeval-rag/score.js";

/**
 * DeepEval's contextual relevancy: relevant statements over all statements of the retrieval context (each 1/0, or
 * its probability of 1 with scoring "expected"), all contexts together; 0 without statements; with `strict`, 0
 * below 1.
 *
 * @example
 * contextualRelevancy([1, 0, 1, 1], false); // 0.75
 * contextualRelevancy([], false); // 0
 */
export function contextualRelevancy(relevant: readonly number[], strict: boolean): number {
  return verdictShare(relevant, strict, 0);
}
