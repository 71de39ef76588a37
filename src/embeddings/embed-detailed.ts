import type { EmbeddedTexts, Embeddings } from "./types.js";

/**
 * Embeds `texts` through `embeddings.embedDetailed` when the embedder has it, else through `embed` with no
 * long-text notes (an embedder that cannot say is taken to have fit every text).
 *
 * @example
 * const { vectors, longTexts } = await embedDetailed(embeddings, [response, reference]);
 */
export async function embedDetailed(
  embeddings: Embeddings,
  texts: readonly string[],
): Promise<EmbeddedTexts> {
  if (embeddings.embedDetailed) {
    const { vectors, longTexts } = await embeddings.embedDetailed(texts);
    return { vectors, longTexts };
  }
  return { vectors: await embeddings.embed(texts), longTexts: texts.map(() => undefined) };
}
