import { embedDetailed } from "../../../embeddings/embed-detailed.js";
import type { LongTextNote } from "../../../embeddings/long-text.js";
import type { EmbeddedTexts, Embeddings } from "../../../embeddings/types.js";
import { AirgapEvalError } from "../../../errors.js";
import { cosineSimilarity } from "../../../math/cosine.js";
import { l2Norm } from "../../../math/norm.js";

/**
 * Embeds `texts` in batches of `batchSize`, each distinct text once, and checks that the model
 * returned one finite vector of `embeddings.dimensions` per text. `longTexts` says, per text, how one
 * longer than the model's limit was handled (from `embedDetailed`; see {@link rowLongTexts}); a text refused
 * under `longText: "error"` has a zero vector and `handled: "error"`, and does not throw here.
 */
export async function embedAll(
  embeddings: Embeddings,
  texts: readonly string[],
  batchSize = 32,
): Promise<EmbeddedTexts> {
  const distinct = [...new Set(texts)];
  const byText = new Map<string, { vector: Float32Array; long: LongTextNote | undefined }>();
  for (let i = 0; i < distinct.length; i += batchSize) {
    const batch = distinct.slice(i, i + batchSize);
    const { vectors, longTexts } = await embedDetailed(embeddings, batch);
    if (vectors.length !== batch.length) {
      throw new AirgapEvalError(
        `embedding model "${embeddings.id}" returned ${vectors.length} vectors for ${batch.length} texts`,
      );
    }
    for (const [j, text] of batch.entries()) byText.set(text, { vector: vectors[j]!, long: longTexts[j] });
  }
  const found = texts.map((t) => byText.get(t)!);
  return { vectors: found.map((f) => f.vector), longTexts: found.map((f) => f.long) };
}

/**
 * Cosine similarity in [-1, 1], not clamped. Throws when a vector has zero length (cosine undefined),
 * naming which text it came from, instead of returning NaN.
 */
export function cosineOrThrow(a: Float32Array, b: Float32Array, aName: string, bName: string): number {
  for (const [vector, name] of [
    [a, aName],
    [b, bName],
  ] as const) {
    if (l2Norm(vector) === 0) {
      throw new AirgapEvalError(
        `the embedding of ${name} is a zero vector: the embedding model knows no token of that text (e.g. only ` +
          "numbers, or a script its vocabulary lacks), so cosine similarity is undefined and this row has no " +
          "score; use an embedding model whose vocabulary covers the text, such as all-MiniLM-L6-v2",
      );
    }
  }
  const sim = cosineSimilarity(a, b);
  if (!Number.isFinite(sim)) {
    throw new AirgapEvalError(`cosine similarity of ${aName} and ${bName} is not a finite number (${sim})`);
  }
  return sim;
}
