// The bound on a list of statements (or claims) a judge breaks a text into. The grammar holds the judge to it, so a
// small judge that keeps repeating a statement closes its list instead of running on to the token limit: on
// examples and on halueval-qa-sample rows SmolLM2-135M-Instruct repeated one statement until it was cut off at
// 2,048 tokens, and the row had no score.
import { z } from "zod";
import { judgeTextList, MAX_STATEMENT_CHARS } from "../text-schema.js";

/**
 * Most statements a judge may list for one text, however long: 32 statements of {@link MAX_STATEMENT_CHARS}
 * characters (about 1,700 tokens with the JSON around them) still fit the answer budget of a cut-off answer's retry
 * at the default settings (512 tokens × 4), so even a judge that repeats its longest statement closes its answer.
 */
export const MAX_STATEMENTS = 32;

const wordSegmenter = new Intl.Segmenter("en", { granularity: "word" });

/**
 * The most statements a text can hold: its words (each statement states something the text says in at least one word
 * of its own; Intl.Segmenter's word-like segments, so a text without spaces, such as Chinese, counts its words too),
 * at least 1 and at most {@link MAX_STATEMENTS}. Counting stops at the cap, so a long text costs no more.
 *
 * @example
 * maxStatements("Arthur's Magazine"); // 2
 */
export function maxStatements(text: string): number {
  let words = 0;
  for (const segment of wordSegmenter.segment(text)) {
    if (segment.isWordLike === true && ++words === MAX_STATEMENTS) break;
  }
  return Math.max(1, words);
}

/**
 * The answer schema of a statement step for one text: `{ [key]: [...] }`, at most {@link maxStatements} statements
 * (and at most `atMost`, a caller's own limit) of at most {@link MAX_STATEMENT_CHARS} characters each. llama.cpp's
 * grammar turns the bounds into `maxItems` and `maxLength`, and the zod re-check of every answer holds an `Llm` that
 * ignores grammars to them.
 *
 * @example
 * statementListSchema("statements", "Paris is the capital."); // z.object({ statements: at most 4 statements })
 */
export function statementListSchema<K extends string>(
  key: K,
  text: string,
  atMost = MAX_STATEMENTS,
): z.ZodType<Record<K, string[]>> {
  const most = Math.min(maxStatements(text), atMost);
  const list = judgeTextList(MAX_STATEMENT_CHARS).max(most, {
    error: `must list at most ${most} items (one per word of the text, at most ${Math.min(MAX_STATEMENTS, atMost)})`,
  });
  return z.object({ [key]: list }) as unknown as z.ZodType<Record<K, string[]>>;
}
