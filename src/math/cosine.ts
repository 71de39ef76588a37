/**
 * Cosine similarity of two vectors, in [-1, 1]. Accumulates in double precision.
 *
 * A zero vector has no direction: its similarity to anything is defined as `0` (never `NaN`). Throws a
 * `RangeError` when the lengths differ, because that always means vectors from two different models were mixed.
 *
 * @example
 * cosineSimilarity(Float32Array.of(1, 0), Float32Array.of(1, 1)); // 0.7071...
 * cosineSimilarity([0, 0], [1, 2]); // 0
 */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) {
    throw new RangeError(
      `cosineSimilarity: vectors have different lengths (${a.length} and ${b.length}); were they made by different embedding models?`,
    );
  }
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return 0;
  const value = dot / (Math.sqrt(normA) * Math.sqrt(normB));
  if (Number.isNaN(value)) return 0;
  // Rounding can push |value| a hair above 1.
  return Math.max(-1, Math.min(1, value));
}
