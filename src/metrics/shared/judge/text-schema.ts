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
 * A judge's reason or feedback: {@link judgeText} of at most {@link MAX_REASON_CHARS} characters.
 *
 * @example
 * const schema = z.object({ reason: judgeReason(), score: z.number() });
 */
export function judgeReason(): z.ZodString {
  return judgeText().max(MAX_REASON_CHARS, { error: `must be at most ${MAX_REASON_CHARS} characters` });
}
