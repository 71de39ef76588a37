import type { ListPairMemo } from "../../util/list-pair-memo.js";
import { type ContextSimilarities, contextSimilarities } from "../shared/text/context-similarities.js";
import type { DistanceMeasure } from "../shared/text/string-distance/similarity.js";

/** One row of non-LLM context recall. */
export interface ContextRecallOutcome {
  /** Null when there is no reference context (Ragas gives NaN). */
  score: number | null;
  /** Per reference context: its best similarity to any retrieved context. */
  similarities: number[];
  /** Per reference context: 1 when that similarity is strictly > the threshold. */
  verdicts: number[];
}

/**
 * Ragas `NonLLMContextRecall`: a reference context counts as recalled when its best string similarity
 * to any retrieved context is strictly `>` the threshold (precision uses `>=`); the score is the share
 * of reference contexts recalled. `memo` (none by default) may hold the similarities already; the numbers are
 * the same either way.
 *
 * @example
 * nonLlmContextRecall(["Paris is the capital of France."], ["Paris is the capital of France.", "The Eiffel Tower is one of the most famous landmarks in Paris."], 0.5, "levenshtein").score;
 * // 0.5
 */
export function nonLlmContextRecall(
  retrieved: readonly string[],
  reference: readonly string[],
  threshold: number,
  measure: DistanceMeasure,
  memo: ListPairMemo<ContextSimilarities> | null = null,
): ContextRecallOutcome {
  // Ragas compares SingleTurnSample(reference=retrieved_context, response=reference_context).
  const similarities = contextSimilarities(retrieved, reference, measure, memo).reference;
  const verdicts = similarities.map((s) => (s > threshold ? 1 : 0));
  let recalled = 0;
  for (const v of verdicts) recalled += v;
  return { score: verdicts.length > 0 ? recalled / verdicts.length : null, similarities, verdicts };
}
