import type { LongTextNote } from "./long-text.js";
import type { EmbeddedTexts } from "./types.js";

/** Work done by a `TransformersEmbeddings` since it was loaded. */
export interface EmbeddingStats {
  /** Texts passed to `embed`/`embedDetailed`, duplicates included. */
  texts: number;
  /** Distinct texts of a call answered from the memo. */
  memoHits: number;
  /** Texts run through the model. */
  modelTexts: number;
  /** Batches run through the model. */
  batches: number;
  /** Texts run through the model that were longer than `maxLength` and cut (`longText: "truncate"`). */
  truncatedTexts: number;
  /** Texts run through the model that were longer than `maxLength` and embedded in windows (`"chunk-mean"`). */
  chunkedTexts: number;
}

/** What the memo of a `TransformersEmbeddings` keeps per text. */
export interface Embedded {
  vector: Float32Array;
  truncated: boolean;
  chunked: boolean;
  unknown: boolean;
  long: LongTextNote | undefined;
}

/** What `TransformersEmbeddings.embedDetailed` returns. */
export interface EmbedDetailedResult extends EmbeddedTexts {
  /** How many inputs (counting each position, duplicates included) were longer than `maxLength` and cut. */
  truncated: number;
  /** Input indices of the cut texts, ascending. */
  truncatedIndices: number[];
  /**
   * Input indices (ascending, duplicates included) of texts longer than `maxLength` that were embedded in
   * windows and averaged (`longText: "chunk-mean"`).
   */
  chunkedIndices: number[];
  /**
   * Input indices (ascending, duplicates included) of texts that carry no information for this model: apart
   * from special tokens such as `[CLS]`/`[SEP]`, all their tokens are the tokenizer's unknown token (e.g.
   * "42" or "Привет мир" for the starter GloVe model, whose vocabulary has no numbers and no Cyrillic), or
   * they have no tokens at all. Their vector is a zero vector (never NaN, and not run through the model): a
   * zero vector has no direction, so a metric must not compare it (the metrics report an error for it).
   */
  unknownOnly: number[];
}
