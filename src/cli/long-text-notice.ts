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
 * The one stderr line a run prints when texts were longer than the embedder's limit, or undefined when none
 * was. Counted over the texts run through the model (cached vectors are not counted again).
 *
 * @example
 * longTextNotice(embeddings); // "airgap-eval: 3 texts were longer than ... (--long-text chunk-mean)"
 */
export function longTextNotice(embeddings: LongTextCounts | undefined): string | undefined {
  if (!embeddings) return undefined;
  const { truncatedTexts, chunkedTexts } = embeddings.stats();
  const count = truncatedTexts + chunkedTexts;
  if (count === 0) return undefined;
  const what =
    embeddings.longText === "truncate"
      ? "truncated (their tail was not embedded)"
      : "embedded in chunks and averaged";
  const texts = count === 1 ? "1 text was" : `${count} texts were`;
  return (
    `airgap-eval: ${texts} longer than the embedder's ${embeddings.maxLength} tokens and ${what} ` +
    `(--long-text ${embeddings.longText}; see docs/embeddings.md, "Long texts")`
  );
}
