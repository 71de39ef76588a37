import type { Embeddings } from "../../embeddings/types.js";
import { AirgapEvalError } from "../../errors.js";
import { cosineSimilarity } from "../../math/cosine.js";
import { l2Norm } from "../../math/norm.js";

/**
 * Embeds `texts` in batches of `batchSize`, each distinct text once, and checks that the model
 * returned one finite vector of `embeddings.dimensions` per text.
 */
export async function embedAll(
  embeddings: Embeddings,
  texts: readonly string[],
  batchSize = 32,
): Promise<Float32Array[]> {
  const distinct = [...new Set(texts)];
  const byText = new Map<string, Float32Array>();
  for (let i = 0; i < distinct.length; i += batchSize) {
    const batch = distinct.slice(i, i + batchSize);
    const vectors = await embeddings.embed(batch);
    if (vectors.length !== batch.length) {
      throw new AirgapEvalError(
        `embedding model "${embeddings.id}" returned ${vectors.length} vectors for ${batch.length} texts`,
      );
    }
    for (const [j, text] of batch.entries()) byText.set(text, vectors[j]!);
  }
  return texts.map((t) => byText.get(t)!);
}

/**
 * Cosine similarity in [-1, 1], not clamped. Throws when a vector has zero length (cosine undefined),
 * naming which text it came from, instead of returning NaN.
 */
export function cosineOrThrow(a: Float32Array, b: Float32Array, aName: string, bName: string): number {
  if (l2Norm(a) === 0)
    throw new AirgapEvalError(`the embedding of ${aName} is a zero vector; cosine is undefined`);
  if (l2Norm(b) === 0)
    throw new AirgapEvalError(`the embedding of ${bName} is a zero vector; cosine is undefined`);
  const sim = cosineSimilarity(a, b);
  if (!Number.isFinite(sim)) {
    throw new AirgapEvalError(`cosine similarity of ${aName} and ${bName} is not a finite number (${sim})`);
  }
  return sim;
}
