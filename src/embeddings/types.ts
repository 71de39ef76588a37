import type { ModelProvenance } from "../provenance.js";
import type { LongTextNote } from "./long-text.js";

/**
 * Vectors with a note for each input that was longer than the embedder's token limit: what
 * {@link Embeddings.embedDetailed} returns.
 */
export interface EmbeddedTexts {
  /** One vector per input text, in input order. */
  vectors: Float32Array[];
  /**
   * One entry per input text, in input order: `undefined` for a text that fits in the embedder's limit, else how
   * it was handled. A text refused under `longText: "error"` has `handled: "error"` and a zero vector (not a
   * meaningful embedding: a metric reports an error row for it, naming the field and the token count).
   */
  longTexts: (LongTextNote | undefined)[];
}

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
  /**
   * Like `embed`, and also says which texts were longer than the model's limit and how they were handled; the
   * metrics copy this into each row's `details.longTexts`. Optional: an embedder without it is taken to have no
   * long texts. Under `longText: "error"` it does not throw for a long text (the other texts are still
   * embedded) but marks it `handled: "error"`; `embed` throws instead.
   */
  embedDetailed?(texts: readonly string[]): Promise<EmbeddedTexts>;
  /** How the model was made and configured. */
  provenance(): ModelProvenance;
}
