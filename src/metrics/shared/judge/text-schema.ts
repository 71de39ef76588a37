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
