import {
  comparisonKey,
  comparisonKeySet,
  type DocumentComparisonField,
  type HaystackDocument,
} from "../../sample/documents.js";

/** Haystack `RecallMode`. */
export type RecallMode = "single_hit" | "multi_hit";

/** One row of document recall. */
export interface DocumentRecall {
  score: number;
  /** Distinct ground-truth values found among the retrieved documents. */
  matchedCount: number;
  /** Distinct ground-truth values. */
  relevantCount: number;
  /** 1-based ranks of the first retrieval of each matched value. */
  hitRanks: number[];
}

/**
 * Haystack `DocumentRecallEvaluator`, one row, on distinct comparison values (missing or empty ones
 * dropped): `single_hit` gives 1 when any ground-truth value was retrieved, `multi_hit` the share of
 * ground-truth values retrieved. 0 when either side has no value.
 *
 * @example
 * documentRecall([{ content: "A" }, { content: "B" }], [{ content: "A" }, { content: "C" }], "content", "multi_hit").score;
 * // 0.5
 */
export function documentRecall(
  groundTruth: readonly HaystackDocument[],
  retrieved: readonly HaystackDocument[],
  field: DocumentComparisonField,
  mode: RecallMode,
): DocumentRecall {
  const truths = comparisonKeySet(groundTruth, field);
  const seen = new Set<string>();
  const hitRanks: number[] = [];
  for (let i = 0; i < retrieved.length; i++) {
    const key = comparisonKey(retrieved[i]!, field);
    if (key === undefined || seen.has(key)) continue;
    seen.add(key);
    if (truths.has(key)) hitRanks.push(i + 1);
  }
  const matchedCount = hitRanks.length;
  const relevantCount = truths.size;
  let score = 0;
  if (relevantCount > 0 && seen.size > 0) {
    score = mode === "single_hit" ? (matchedCount > 0 ? 1 : 0) : matchedCount / relevantCount;
  }
  return { score, matchedCount, relevantCount, hitRanks };
}
