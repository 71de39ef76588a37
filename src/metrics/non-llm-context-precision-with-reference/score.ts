import { ListPairMemo } from "../../util/list-pair-memo.js";
import { type DistanceMeasure, stringSimilarity } from "../non-llm-string-similarity/score.js";

/** Both directions of the best similarities between two context lists. */
export interface ContextSimilarities {
  /** Per retrieved context: its best similarity to any reference context (-Infinity when there is none). */
  retrieved: number[];
  /** Per reference context: its best similarity to any retrieved context (-Infinity when there is none). */
  reference: number[];
}

const memos = new Map<DistanceMeasure, ListPairMemo<ContextSimilarities>>();

/**
 * The memo shared by the non-LLM context precision and recall: both compare every retrieved context
 * (as Ragas' reference) with every reference context (as its response), precision keeping the best
 * per retrieved context and recall the best per reference context; one pass gives both, and when both
 * metrics score the same row the second finds them here. Bounded (see {@link ListPairMemo}).
 */
export function contextSimilarityMemo(measure: DistanceMeasure): ListPairMemo<ContextSimilarities> {
  let memo = memos.get(measure);
  if (memo === undefined) {
    memo = new ListPairMemo<ContextSimilarities>();
    memos.set(measure, memo);
  }
  return memo;
}

/**
 * Ragas' `max` over a list, in both directions: `stringSimilarity(retrieved[i], reference[j])` for
 * every pair, the best per retrieved context and the best per reference context. Looked up in `memo`
 * first (pass null to compute every pair); the numbers are the same either way. The arrays returned
 * are the caller's own.
 */
export function contextSimilarities(
  retrieved: readonly string[],
  reference: readonly string[],
  measure: DistanceMeasure,
  memo: ListPairMemo<ContextSimilarities> | null = contextSimilarityMemo(measure),
): ContextSimilarities {
  let best = memo?.get(retrieved, reference);
  if (best === undefined) {
    const byRetrieved = new Array<number>(retrieved.length).fill(Number.NEGATIVE_INFINITY);
    const byReference = new Array<number>(reference.length).fill(Number.NEGATIVE_INFINITY);
    for (let i = 0; i < retrieved.length; i++) {
      for (let j = 0; j < reference.length; j++) {
        const sim = stringSimilarity(retrieved[i]!, reference[j]!, measure);
        if (sim > byRetrieved[i]!) byRetrieved[i] = sim;
        if (sim > byReference[j]!) byReference[j] = sim;
      }
    }
    best = { retrieved: byRetrieved, reference: byReference };
    memo?.set(retrieved, reference, best);
  }
  return { retrieved: best.retrieved.slice(), reference: best.reference.slice() };
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
  const similarities = contextSimilarities(retrieved, reference, measure).retrieved;
  const verdicts = similarities.map((s) => (s >= threshold ? 1 : 0));
  return { score: averagePrecisionOfVerdicts(verdicts), similarities, verdicts };
}
