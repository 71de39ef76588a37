import { z } from "zod";

/**
 * A judge-written text field that must hold real text: at least one character (`minLength: 1`,
 * which node-llama-cpp's JSON-schema grammar enforces while generating, so the judge cannot close
 * the string at once) and at least one non-whitespace character (a `pattern`, which the grammar
 * cannot express and drops; it is enforced by the zod re-check of every answer, so a whitespace-only
 * string is a `JudgeOutputError`, never a silently empty statement or question).
 *
 * @example
 * const schema = z.object({ statements: z.array(judgeText()) });
 */
export function judgeText(): z.ZodString {
  return z
    .string()
    .min(1, { error: "must not be empty" })
    .regex(/\S/, { error: "must not be only whitespace" });
}

/**
 * Longest reason or feedback a judge writes, in characters. Bounded in the grammar (`maxLength`), so a small judge
 * that keeps repeating itself still closes the text and gives its verdict: SmolLM2-135M-Instruct, asked to grade "I
 * don't know.", wrote "I'm ready to provide you with a response…" until it was cut off at 2,048 tokens, and the row
 * had no score. 400 characters hold the few sentences a reason needs.
 */
export const MAX_REASON_CHARS = 400;

/**
 * Characters the reasons of one list answer (a verdict per statement, per topic, per message) hold together: six
 * full reasons. A list of many items gets shorter reasons ({@link listReasonChars}), so that a judge that writes
 * every reason to its bound still closes the answer within its token budget: 32 verdicts of 400-character reasons
 * and 200-character statement copies are about 19,000 characters, past the 2,048 tokens of a retried call.
 */
export const LIST_REASONS_CHARS = 6 * MAX_REASON_CHARS;

/** Shortest bound of one reason in a long list: a short sentence. */
export const MIN_LIST_REASON_CHARS = 80;

/**
 * The bound of each reason in a list answer of `count` items: {@link LIST_REASONS_CHARS} shared among them, at most
 * {@link MAX_REASON_CHARS} and at least {@link MIN_LIST_REASON_CHARS} each.
 *
 * @example
 * listReasonChars(3); // 400
 * listReasonChars(12); // 200
 * listReasonChars(32); // 80
 */
export function listReasonChars(count: number): number {
  const shared = Math.floor(LIST_REASONS_CHARS / Math.max(1, count));
  return Math.max(MIN_LIST_REASON_CHARS, Math.min(MAX_REASON_CHARS, shared));
}

/**
 * A judge's reason or feedback: {@link judgeText} of at most {@link MAX_REASON_CHARS} characters.
 *
 * @example
 * const schema = z.object({ reason: judgeReason(), score: z.number() });
 */
export function judgeReason(): z.ZodString {
  return judgeTextOfAtMost(MAX_REASON_CHARS);
}

/**
 * Longest statement or claim a judge writes, in characters: a statement states one fact, a sentence at most. Bounded
 * in the grammar (`maxLength`) for the reason {@link MAX_REASON_CHARS} is: a small judge that repeats itself inside one
 * statement still closes it.
 */
export const MAX_STATEMENT_CHARS = 200;

/**
 * A statement or claim a judge writes: {@link judgeText} of at most {@link MAX_STATEMENT_CHARS} characters.
 *
 * @example
 * const schema = z.object({ statements: z.array(judgeStatement()).max(8) });
 */
export function judgeStatement(): z.ZodString {
  return judgeTextOfAtMost(MAX_STATEMENT_CHARS);
}

/**
 * {@link judgeText} of at most `max` characters: `maxLength` in the grammar, and checked again by zod.
 *
 * @example
 * const schema = z.object({ question: judgeTextOfAtMost(200) });
 */
export function judgeTextOfAtMost(max: number): z.ZodString {
  return judgeText().max(max, { error: `must be at most ${max} characters` });
}
