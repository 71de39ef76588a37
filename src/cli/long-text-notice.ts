import { Option } from "commander";
import { LONG_TEXT_MODES, type LongText } from "../embeddings/long-text.js";

/** The `--long-text <mode>` option of `eval` and `calibrate` (commander rejects other values as a usage error). */
export function longTextOption(): Option {
  return new Option(
    "--long-text <mode>",
    "a text past the embedder's token limit (512): average its chunks, keep its start, or fail (default: chunk-mean)",
  ).choices(LONG_TEXT_MODES);
}

/** What {@link longTextNotice} reads from an embedder: its long-text counters, limit and mode. */
export interface LongTextCounts {
  stats(): { truncatedTexts: number; chunkedTexts: number };
  readonly maxLength: number;
  readonly longText: LongText;
}

/**
 * How many long-text entries the given metric results carry in `details.longTexts` (one per row × metric × long
 * text): the count the `eval` notice prints, so that it equals what the results file lists row by row.
 *
 * @example
 * countLongTexts(result.records.map((r) => r.result)); // 3
 */
export function countLongTexts(results: Iterable<{ details?: Record<string, unknown> }>): number {
  let count = 0;
  for (const result of results) {
    const entries = result.details?.longTexts;
    if (Array.isArray(entries)) count += entries.length;
  }
  return count;
}

/**
 * The one stderr line a run prints when texts were longer than the embedder's limit, or undefined when none
 * was. `count` is the number of long texts: `eval` passes {@link countLongTexts} of its results (each is listed
 * in its row's `details.longTexts`); by default it is the embedder's own count of texts run through the model
 * (cached vectors are not counted again).
 *
 * @example
 * longTextNotice(embeddings, 3); // "airgap-eval: 3 texts were longer than ... (--long-text chunk-mean; ...)"
 */
export function longTextNotice(embeddings: LongTextCounts | undefined, count?: number): string | undefined {
  if (!embeddings) return undefined;
  const { truncatedTexts, chunkedTexts } = embeddings.stats();
  const total = count ?? truncatedTexts + chunkedTexts;
  if (total === 0) return undefined;
  const what =
    embeddings.longText === "truncate"
      ? "truncated (their tail was not embedded)"
      : embeddings.longText === "error"
        ? "not embedded (those rows have no score)"
        : "embedded in chunks and averaged";
  const texts = total === 1 ? "1 text was" : `${total} texts were`;
  const where = count === undefined ? "" : "each is listed in its row's details.longTexts; ";
  return (
    `airgap-eval: ${texts} longer than the embedder's ${embeddings.maxLength} tokens and ${what} ` +
    `(--long-text ${embeddings.longText}; ${where}see docs/embeddings.md, "Long texts")`
  );
}
