import { InvalidInputError } from "../../errors.js";
import {
  comparisonKey,
  type DocumentComparisonField,
  type HaystackDocument,
} from "../../sample/documents.js";

/** One row of NDCG with its parts. */
export interface Ndcg {
  score: number;
  dcg: number;
  idcg: number;
  /** 1-based ranks of credited hits. */
  hitRanks: number[];
}

/**
 * Relevance per comparison value: the ground truth's `score` (1 when absent); duplicates keep the
 * highest; documents without a value are left out (they can never be retrieved).
 */
export function relevanceMap(
  groundTruth: readonly HaystackDocument[],
  field: DocumentComparisonField,
): Map<string, number> {
  const map = new Map<string, number>();
  for (const doc of groundTruth) {
    const key = comparisonKey(doc, field);
    if (key === undefined) continue;
    const relevance = doc.score ?? 1;
    map.set(key, Math.max(map.get(key) ?? relevance, relevance));
  }
  return map;
}

/** Haystack `calculate_dcg`: relevance / log2(rank + 1) for each relevant value, credited at its first retrieval only. */
export function discountedCumulativeGain(
  groundTruth: readonly HaystackDocument[],
  retrieved: readonly HaystackDocument[],
  field: DocumentComparisonField,
): { dcg: number; hitRanks: number[] } {
  const relevance = relevanceMap(groundTruth, field);
  let dcg = 0;
  const hitRanks: number[] = [];
  for (let i = 0; i < retrieved.length; i++) {
    const key = comparisonKey(retrieved[i]!, field);
    if (key === undefined) continue;
    const gain = relevance.get(key);
    if (gain === undefined) continue;
    relevance.delete(key);
    hitRanks.push(i + 1);
    dcg += gain / Math.log2(i + 2);
  }
  return { dcg, hitRanks };
}

/** Haystack `calculate_idcg`: the DCG of the distinct relevant values sorted by relevance, highest first. */
export function idealDiscountedCumulativeGain(
  groundTruth: readonly HaystackDocument[],
  field: DocumentComparisonField,
): number {
  const gains = [...relevanceMap(groundTruth, field).values()].sort((a, b) => b - a);
  let idcg = 0;
  gains.forEach((gain, i) => {
    idcg += gain / Math.log2(i + 2);
  });
  return idcg;
}

/**
 * Haystack's rule: in one ground-truth list, either every document has a `score` or none has.
 * Throws `InvalidInputError` naming the row otherwise.
 */
export function checkGradedRelevance(
  groundTruth: readonly HaystackDocument[],
  row: number | undefined,
  field: string,
): void {
  const scored = groundTruth.filter((d) => d.score !== undefined && d.score !== null).length;
  if (scored > 0 && scored < groundTruth.length) {
    throw new InvalidInputError(
      `has ${scored} of ${groundTruth.length} documents with a score; give every ground-truth document of a row a score (graded relevance) or none (binary relevance)`,
      { field, ...(row !== undefined ? { row } : {}) },
    );
  }
}

/**
 * Haystack `DocumentNDCGEvaluator`, one row: DCG / IDCG, 0 when the IDCG is 0.
 *
 * @example
 * ndcg([{ content: "France" }, { content: "Paris" }], [{ content: "France" }, { content: "Germany" }, { content: "Paris" }], "content").score;
 * // 0.9197207891481876
 */
export function ndcg(
  groundTruth: readonly HaystackDocument[],
  retrieved: readonly HaystackDocument[],
  field: DocumentComparisonField,
): Ndcg {
  const { dcg, hitRanks } = discountedCumulativeGain(groundTruth, retrieved, field);
  const idcg = idealDiscountedCumulativeGain(groundTruth, field);
  return { score: idcg > 0 ? dcg / idcg : 0, dcg, idcg, hitRanks };
}
