import type { ListPairMemo } from "../../util/list-pair-memo.js";
import { averagePrecisionOfVerdicts } from "../shared/text/average-precision.js";
import { type ContextSimilarities, contextSimilarities } from "../shared/text/context-similarities.js";
import type { DistanceMeasure } from "../shared/text/string-distance/similarity.js";

/** One row of non-LLM context precision. */
export interface ContextPrecisionOutcome {
  score: number;
  /** Per retrieved context: its best similarity to any reference context. */
  similarities: number[];
  /** Per retrieved context: 1 when that similarity is >= the threshold. */
  verdicts: number[];
}

/**
 * Ragas `NonLLMContextPrecisionWithReference`: a retrieved context is relevant when its best string
 * similarity to any reference context is `>=` the threshold; the score is the average precision of
 * those verdicts in retrieval order. An empty retrieved list gives 0, as in Ragas. `memo` (none by default) may
 * hold the similarities already; the numbers are the same either way.
 *
 * @example
 * nonLlmContextPrecision(["The Eiffel Tower is located in Paris."], ["Paris is the capital of France.", "The Eiffel Tower is one of the most famous landmarks in Paris."], 0.5, "levenshtein").score;
 * // 0.9999999999
 */
export function nonLlmContextPrecision(
  retrieved: readonly string[],
  reference: readonly string[],
  threshold: number,
  measure: DistanceMeasure,
  memo: ListPairMemo<ContextSimilarities> | null = null,
): ContextPrecisionOutcome {
  // Ragas compares SingleTurnSample(reference=retrieved_context, response=reference_context).
  const similarities = contextSimilarities(retrieved, reference, measure, memo).retrieved;
  const verdicts = similarities.map((s) => (s >= threshold ? 1 : 0));
  return { score: averagePrecisionOfVerdicts(verdicts), similarities, verdicts };
}
