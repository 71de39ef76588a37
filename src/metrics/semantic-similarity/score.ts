// The semantic similarity formula (Ragas `semantic_similarity`, Haystack SAS with a bi-encoder): the
// cosine of the two embeddings, or 0/1 against an optional threshold.

/**
 * The score from a cosine similarity: the similarity itself, or with a threshold 1 when
 * `similarity >= threshold`, else 0. A threshold of 0 counts (Ragas skips it by a truthiness check).
 *
 * @example
 * semanticSimilarityScore(0.83, undefined); // 0.83
 * semanticSimilarityScore(0.83, 0.9); // 0
 */
export function semanticSimilarityScore(similarity: number, threshold: number | undefined): number {
  return threshold === undefined ? similarity : similarity >= threshold ? 1 : 0;
}
