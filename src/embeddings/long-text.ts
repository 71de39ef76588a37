import { InvalidInputError } from "../errors.js";
import type { TextTokenizer } from "../tokenizers/index.js";

/**
 * What an embedder does with a text longer than its `maxLength` tokens (special tokens included):
 * - `"chunk-mean"`: split the text's tokens into consecutive windows that each fit (every window gets its own
 *   `[CLS]`/`[SEP]`), embed each window, and average the pooled window vectors weighted by each window's
 *   token count (then normalize as configured), so every word counts;
 * - `"truncate"`: keep the first tokens that fit and drop the rest (what sentence-transformers does);
 * - `"error"`: throw an {@link InvalidInputError} naming the text's index and token count.
 */
export type LongText = "truncate" | "chunk-mean" | "error";

/** The accepted {@link LongText} values. */
export const LONG_TEXT_MODES: readonly LongText[] = ["chunk-mean", "truncate", "error"];

/**
 * Default {@link LongText}: `"chunk-mean"`. A long answer or context is judged on all its words, as a user
 * expects and as Ragas's default hosted embedders (8k-token inputs) do; `"truncate"` (sentence-transformers'
 * and Hugging Face's behaviour) stays available.
 */
export const DEFAULT_LONG_TEXT: LongText = "chunk-mean";

/**
 * How one text longer than the embedder's limit was handled: what {@link Embeddings.embedDetailed} reports per
 * long text, and what a metric copies (with the row's field) into `details.longTexts`. A text that fits has none.
 *
 * @example
 * const note: LongTextNote = { tokens: 812, limit: 512, handled: "chunk-mean", chunks: 2 };
 */
export interface LongTextNote {
  /** The text's tokens, special tokens included: what did not fit in `limit`. */
  tokens: number;
  /** The embedder's maximum tokens per text (per window), special tokens included (its `maxLength`). */
  limit: number;
  /**
   * What was done ({@link LongText}): `"chunk-mean"` (every token embedded, in `chunks` windows, averaged),
   * `"truncate"` (only the first window embedded) or `"error"` (not embedded; the row has no score).
   */
  handled: LongText;
  /** Windows run through the model for this text: 2 or more for `"chunk-mean"`, 1 for `"truncate"`, 0 for `"error"`. */
  chunks: number;
}

/** One text turned into model inputs: one window, or several for a long text under `"chunk-mean"`. */
export interface EncodedWindows {
  /** Model input ids of each window, special tokens included; none for a text refused under `"error"`. */
  windows: number[][];
  /** Text tokens (special tokens excluded) in each window: the weights of the chunk mean. */
  weights: number[];
  /** The text's own tokens, special tokens excluded. */
  textTokens: number[];
  /** The text was longer than `maxLength` and its tail dropped (`"truncate"`). */
  truncated: boolean;
  /** The text was longer than `maxLength` and split into windows (`"chunk-mean"`). */
  chunked: boolean;
  /** How the text was handled when it was longer than `maxLength`; undefined when it fits. */
  long: LongTextNote | undefined;
}

/**
 * Encodes `text` into windows of at most `maxLength` ids each, following `longText` for a text that does not
 * fit in one. Under `"error"` a long text gets no window and a `long` note with `handled: "error"`: the caller
 * refuses it (see {@link longTextError}), so that other texts of the same call are still embedded.
 *
 * @example
 * encodeWindows(tokenizer, longAnswer, 512, "chunk-mean").windows.length; // 3 for ~1,300 tokens
 */
export function encodeWindows(
  tokenizer: TextTokenizer,
  text: string,
  maxLength: number,
  longText: LongText,
): EncodedWindows {
  const bare = tokenizer.ids(text);
  const { prefix, suffix } = tokenizer.special.single;
  const special = prefix.length + suffix.length;
  const room = maxLength - special;
  const wrap = (tokens: readonly number[]) => [...prefix, ...tokens, ...suffix];
  if (bare.length <= room) {
    return {
      windows: [wrap(bare)],
      weights: [bare.length],
      textTokens: bare,
      truncated: false,
      chunked: false,
      long: undefined,
    };
  }
  const note = (chunks: number): LongTextNote => ({
    tokens: bare.length + special,
    limit: maxLength,
    handled: longText,
    chunks,
  });
  if (longText === "error") {
    return { windows: [], weights: [], textTokens: bare, truncated: false, chunked: false, long: note(0) };
  }
  if (longText === "truncate") {
    const kept = bare.slice(0, room);
    return {
      windows: [wrap(kept)],
      weights: [kept.length],
      textTokens: bare,
      truncated: true,
      chunked: false,
      long: note(1),
    };
  }
  const windows: number[][] = [];
  const weights: number[] = [];
  for (let start = 0; start < bare.length; start += room) {
    const part = bare.slice(start, start + room);
    windows.push(wrap(part));
    weights.push(part.length);
  }
  return { windows, weights, textTokens: bare, truncated: false, chunked: true, long: note(windows.length) };
}

/**
 * The error `embed` throws for the first text refused under `longText: "error"` (a note with `handled: "error"`),
 * naming the text's index in the call, its token count and the limit; undefined when no text was refused.
 *
 * @example
 * const err = longTextError(result.longTexts); // InvalidInputError: text has 812 tokens ..., field "texts[3]"
 */
export function longTextError(notes: readonly (LongTextNote | undefined)[]): InvalidInputError | undefined {
  const index = notes.findIndex((note) => note?.handled === "error");
  if (index < 0) return undefined;
  const note = notes[index]!;
  return new InvalidInputError(
    `text has ${note.tokens} tokens (special tokens included), more than the embedder's limit of ` +
      `${note.limit}; shorten it, or load the embedder with longText "chunk-mean" or "truncate" (--long-text)`,
    { row: index, field: `texts[${index}]` },
  );
}

/**
 * Adds `vector × weight` into `sum` (in place), for the weighted mean of a chunked text's window vectors.
 *
 * @example
 * addWeighted(sum, windowVector, 510);
 */
export function addWeighted(sum: Float32Array, vector: Float32Array, weight: number): void {
  for (let k = 0; k < sum.length; k++) sum[k] = sum[k]! + vector[k]! * weight;
}
