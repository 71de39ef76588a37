import {
  comparisonKey,
  comparisonKeySet,
  type DocumentComparisonField,
  type HaystackDocument,
} from "../../sample/documents.js";

/** One row of MRR: the reciprocal rank and the 1-based rank of the first hit (null without a hit). */
export interface ReciprocalRank {
  score: number;
  firstHitRank: number | null;
}

/**
 * Haystack `DocumentMRREvaluator`, one row: 1 / rank of the first retrieved document whose comparison
 * value is among the ground truth's, else 0. Documents without a value keep their rank but never match.
 *
 * @example
 * reciprocalRank([{ content: "9th century" }], [{ content: "10th century" }, { content: "9th century" }], "content");
 * // { score: 0.5, firstHitRank: 2 }
 */
export function reciprocalRank(
  groundTruth: readonly HaystackDocument[],
  retrieved: readonly HaystackDocument[],
  field: DocumentComparisonField,
): ReciprocalRank {
  const relevant = comparisonKeySet(groundTruth, field);
  for (let rank = 0; rank < retrieved.length; rank++) {
    const key = comparisonKey(retrieved[rank]!, field);
    if (key !== undefined && relevant.has(key)) return { score: 1 / (rank + 1), firstHitRank: rank + 1 };
  }
  return { score: 0, firstHitRank: null };
}
