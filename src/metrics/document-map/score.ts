import {
  comparisonKey,
  comparisonKeySet,
  type DocumentComparisonField,
  type HaystackDocument,
} from "../../sample/documents.js";

/** One row of MAP: the average precision, the 1-based ranks of credited hits, and the relevant count. */
export interface DocumentAveragePrecision {
  score: number;
  hitRanks: number[];
  relevantCount: number;
}

/**
 * Haystack `DocumentMAPEvaluator`, one row: the sum of precision@rank over the ranks of hits, divided
 * by the number of distinct relevant values in the ground truth (so relevant documents that were never
 * retrieved lower the score). Each relevant value is credited once: a repeated retrieval is no new hit.
 *
 * @example
 * documentAveragePrecision([{ content: "A" }, { content: "B" }], [{ content: "A" }], "content");
 * // { score: 0.5, hitRanks: [1], relevantCount: 2 }
 */
export function documentAveragePrecision(
  groundTruth: readonly HaystackDocument[],
  retrieved: readonly HaystackDocument[],
  field: DocumentComparisonField,
): DocumentAveragePrecision {
  const uncredited = comparisonKeySet(groundTruth, field);
  const relevantCount = uncredited.size;
  const hitRanks: number[] = [];
  let numerator = 0;
  for (let rank = 0; rank < retrieved.length; rank++) {
    const key = comparisonKey(retrieved[rank]!, field);
    if (key === undefined || !uncredited.has(key)) continue;
    uncredited.delete(key);
    hitRanks.push(rank + 1);
    numerator += hitRanks.length / (rank + 1);
  }
  return { score: relevantCount > 0 ? numerator / relevantCount : 0, hitRanks, relevantCount };
}
