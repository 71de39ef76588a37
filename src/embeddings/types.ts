import type { ModelProvenance } from "../provenance.js";

/**
 * A text embedder. Metrics receive one; they never construct it.
 *
 * @example
 * const [a, b] = await embeddings.embed(["a cat", "a kitten"]);
 */
export interface Embeddings {
  /** Model id or path, for results and cache keys. */
  readonly id: string;
  /** Length of each vector. */
  readonly dimensions: number;
  /** Embeds each text; the i-th vector belongs to the i-th text. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  /** How the model was made and configured. */
  provenance(): ModelProvenance;
}
