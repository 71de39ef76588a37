import { PairMemo } from "../../util/pair-memo.js";
import { type DistanceMeasure, stringSimilarity } from "../non-llm-string-similarity/score.js";

const memos = new Map<DistanceMeasure, PairMemo<number>>();

/**
 * The memo of similarities shared by the non-LLM context precision and recall: both compare every
 * retrieved context (as Ragas' reference) with every reference context (as its response), so when
 * both metrics score the same rows the second finds every pair here. Bounded (see {@link PairMemo}).
 */
export function contextSimilarityMemo(measure: DistanceMeasure): PairMemo<number> {
  let memo = memos.get(measure);
  if (memo === undefined) {
    memo = new PairMemo<number>();
    memos.set(measure, memo);
  }
  return memo;
}

/** `stringSimilarity(reference, response, measure)`, looked up in `memo` first when one is given. */
function similarity(
  reference: string,
  response: string,
  measure: DistanceMeasure,
  memo: PairMemo<number> | null,
): number {
  if (memo === null || reference === response) return stringSimilarity(reference, response, measure);
  const known = memo.get(reference, response);
  return known !== undefined
    ? known
    : memo.set(reference, response, stringSimilarity(reference, response, measure));
}

/**
 * Best similarity of each of `items` to any of `others` (Ragas takes `max` over a list per item).
 * Similarities go through `memo` (pass null to compute every one); the numbers are the same either way.
 */
export function bestSimilarities(
  items: readonly string[],
  others: readonly string[],
  measure: DistanceMeasure,
  itemIsReference: boolean,
  memo: PairMemo<number> | null = contextSimilarityMemo(measure),
): number[] {
  const best = new Array<number>(items.length);
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    let max = Number.NEGATIVE_INFINITY;
    for (let j = 0; j < others.length; j++) {
      const other = others[j]!;
      const sim = itemIsReference
        ? similarity(item, other, measure, memo)
        : similarity(other, item, measure, memo);
      if (sim > max) max = sim;
    }
    best[i] = max;
  }
  return best;
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
