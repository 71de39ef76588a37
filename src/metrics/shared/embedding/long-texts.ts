// Per-row record of texts longer than the embedder's limit: which field, how many tokens, what was done.
import type { LongTextNote } from "../../../embeddings/long-text.js";
import { AirgapEvalError } from "../../../errors.js";

/**
 * One text of a row that was longer than the embedder's token limit, as a metric records it in the row's
 * `details.longTexts` (absent when every text fitted, so ordinary rows are unchanged).
 *
 * @example
 * // details.longTexts of a semantic_similarity row whose response ran to 812 tokens:
 * const entry: LongTextEntry = { field: "response", tokens: 812, limit: 512, handled: "chunk-mean", chunks: 2 };
 */
export interface LongTextEntry extends LongTextNote {
  /**
   * Which text of the row: a sample field (`"response"`, `"reference"`, `"userInput"`), a generated text
   * (`"questions[1]"` in answer_relevancy), or for `SASEvaluator` its list (`"predictedAnswers"`,
   * `"groundTruthAnswers"`).
   */
  field: string;
}

/**
 * The entries of one row: for each `[field, index]`, the note of text `index` when it was long, in the order of
 * `fields`; `[]` when none was.
 *
 * @example
 * rowLongTexts(embedded.longTexts, [["response", 2 * i], ["reference", 2 * i + 1]]);
 */
export function rowLongTexts(
  longTexts: readonly (LongTextNote | undefined)[],
  fields: ReadonlyArray<readonly [field: string, index: number]>,
): LongTextEntry[] {
  return fields.flatMap(([field, index]) => {
    const note = longTexts[index];
    return note ? [{ field, ...note }] : [];
  });
}

/**
 * `{ longTexts }` to spread into a row's details when it has entries, else `{}` (no key at all, so the
 * details, and the results file, of a row whose texts all fitted stay byte-identical).
 *
 * @example
 * details: { similarity, ...longTextsDetail(entries) }
 */
export function longTextsDetail(entries: readonly LongTextEntry[]): { longTexts?: LongTextEntry[] } {
  return entries.length > 0 ? { longTexts: [...entries] } : {};
}

/**
 * The error of a row one of whose texts was refused under `longText: "error"`, naming the field, its token count
 * and the limit; undefined when none was refused.
 *
 * @example
 * const refused = refusedLongText(entries);
 * if (refused) return errorResult(refused, longTextsDetail(entries));
 */
export function refusedLongText(entries: readonly LongTextEntry[]): AirgapEvalError | undefined {
  const entry = entries.find((e) => e.handled === "error");
  if (!entry) return undefined;
  return new AirgapEvalError(longTextRefusal(entry));
}

/** The text of {@link refusedLongText}'s error, also used where a refusal must throw (SASEvaluator). */
export function longTextRefusal(entry: LongTextEntry): string {
  return (
    `${entry.field} has ${entry.tokens} tokens (special tokens included), more than the embedder's limit of ` +
    `${entry.limit}, and longText is "error", so it was not embedded; shorten it, or load the embedder with ` +
    `longText "chunk-mean" or "truncate" (--long-text)`
  );
}
