import { type DistanceMeasure, stringSimilarity } from "../non-llm-string-similarity/score.js";

/** Best similarity of each of `items` to any of `others` (Ragas takes `max` over a list per item). */
export function bestSimilarities(
  items: readonly string[],
  others: readonly string[],
  measure: DistanceMeasure,
  itemIsReference: boolean,
): number[] {
  return items.map((item) => {
    let best = Number.NEGATIVE_INFINITY;
    for (const other of others) {
      const sim = itemIsReference
        ? stringSimilarity(item, other, measure)
        : stringSimilarity(other, item, measure);
      if (sim > best) best = sim;
    }
    return best;
  });
}

/**
 * Ragas `_calculate_average_precision`: sum over ranks of precision@rank × verdict, divided by the
 * number of relevant verdicts plus 1e-10 (so a perfect ranking gives 0.9999999999, as in Ragas).
 */
export function averagePrecisionOfVerdicts(verdicts: readonly number[]): number {
  let hits = 0;
  let numerator = 0;
  verdicts.forEach((v, i) => {
    hits += v;
    numerator += (hits / (i + 1)) * v;
  });
  return numerator / (hits + 1e-10);
}

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
 * those verdicts in retrieval order. An empty retrieved list gives 0, as in Ragas.
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
): ContextPrecisionOutcome {
  // Ragas compares SingleTurnSample(reference=retrieved_context, response=reference_context).
  const similarities = bestSimilarities(retrieved, reference, measure, true);
  const verdicts = similarities.map((s) => (s >= threshold ? 1 : 0));
  return { score: averagePrecisionOfVerdicts(verdicts), similarities, verdicts };
}
