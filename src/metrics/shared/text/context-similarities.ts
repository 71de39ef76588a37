// What the non-LLM context precision and recall share: both compare every retrieved context (as Ragas'
// reference) with every reference context (as its response) by string similarity, precision keeping the best per
// retrieved context and recall the best per reference context, so one pass gives both.

import type { ListPairMemo } from "../../../util/list-pair-memo.js";
import { type DistanceMeasure, stringSimilarity } from "./string-distance/similarity.js";

/** Both directions of the best similarities between two context lists. */
export interface ContextSimilarities {
  /** Per retrieved context: its best similarity to any reference context (-Infinity when there is none). */
  retrieved: number[];
  /** Per reference context: its best similarity to any retrieved context (-Infinity when there is none). */
  reference: number[];
}

/**
 * Ragas' `max` over a list, in both directions: `stringSimilarity(retrieved[i], reference[j])` for
 * every pair, the best per retrieved context and the best per reference context. Looked up in `memo`
 * first (null computes every pair); the numbers are the same either way. The arrays returned
 * are the caller's own.
 */
export function contextSimilarities(
  retrieved: readonly string[],
  reference: readonly string[],
  measure: DistanceMeasure,
  memo: ListPairMemo<ContextSimilarities> | null,
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
