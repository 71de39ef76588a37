import { z } from "zod";

/** A character that is not whitespace: what makes a judge's text real text. */
const NON_SPACE = /\S/;

/** Whether `text` holds more than whitespace. */
function hasText(text: string): boolean {
  return NON_SPACE.test(text);
}

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
    .regex(NON_SPACE, { error: "must not be only whitespace" });
}

/**
 * A list of texts a judge writes (statements, claims, truths, entities, topics, steps), each at most `chars`
 * characters and at least one character in the grammar. An item of only whitespace, which the grammar cannot forbid
 * (node-llama-cpp's JSON grammar has no `pattern`), is dropped from the answer instead of failing it: a blank
 * statement states nothing, and SmolLM2-135M-Instruct wrote one among DeepEval's truths on 2 of 20 HaluEval rows. A
 * bound on the count added after it (`.max`, `.min`) holds in the grammar for the items written and is checked again
 * on the items kept.
 *
 * @example
 * const schema = z.object({ statements: judgeTextList(MAX_STATEMENT_CHARS).max(8) });
 * schema.parse({ statements: ["Paris is in France.", " "] }); // { statements: ["Paris is in France."] }
 */
export function judgeTextList(chars: number): z.ZodArray<z.ZodString> {
  return z.array(judgeLooseText(chars)).overwrite((items) => items.filter(hasText));
}

/**
 * A judge-written text of at least one character and at most `chars` that, unlike {@link judgeText}, may be only
 * whitespace, which the grammar cannot forbid. For two kinds of text:
 * - the copy of a statement or topic a verdict is for, which the score does not read (verdicts are matched by
 *   position): a blank one is kept as written, and the verdict beside it still counts (a reason or feedback is
 *   {@link judgeReason}, which also reads a blank one as "").
 * - a list item its owner drops when blank ({@link judgeTextList}; a list of objects drops such an item after reading
 *   what else the judge wrote for it).
 *
 * @example
 * const schema = z.object({ reason: judgeLooseText(400), verdict: z.literal([0, 1]) });
 * schema.parse({ reason: " ", verdict: 1 }); // { reason: " ", verdict: 1 }
 */
export function judgeLooseText(chars: number): z.ZodString {
  return atMostChars(z.string().min(1, { error: "must not be empty" }), chars);
}

/** The characters of `text` as llama.cpp's grammar counts them: code points (an emoji is one, two in `length`). */
function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * `text` bounded at `max` characters: `maxLength` in the JSON schema the grammar is made from, and the same bound
 * checked again in code points, as the grammar counts them. zod's own `.max` counts UTF-16 units, so a judge that
 * wrote emoji up to the grammar's bound would have failed the check.
 */
function atMostChars(text: z.ZodString, max: number): z.ZodString {
  return text
    .refine((value) => codePoints(value) <= max, { error: `must be at most ${max} characters` })
    .meta({ maxLength: max });
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
 * A judge's reason or feedback beside its verdict or score: {@link judgeLooseText} of at most `chars` characters
 * (default {@link MAX_REASON_CHARS}; a list's reasons take {@link listReasonChars}). A reason of only whitespace does not
 * fail the answer (the score does not read it) and reads as the empty string, so no report shows a wall of blank
 * lines; {@link writtenReason} tells it from a real one.
 *
 * @example
 * const schema = z.object({ reason: judgeReason(), score: z.number() });
 * schema.parse({ reason: " \n ", score: 3 }); // { reason: "", score: 3 }
 */
export function judgeReason(chars: number = MAX_REASON_CHARS): z.ZodString {
  // minLength 1 is for the grammar only (so the judge cannot close the string at once); the check itself accepts "",
  // what a blank reason reads as, so an answer checked twice (by the judge, then by the metric) stays valid.
  return atMostChars(z.string(), chars)
    .meta({ minLength: 1 })
    .overwrite((text) => (hasText(text) ? text : ""));
}

/**
 * The reason a judge wrote, or undefined when it wrote none (`reasons: false`) or only whitespace ({@link judgeReason}
 * reads that as ""): where a metric falls back to a reason of its own.
 *
 * @example
 * writtenReason("") ?? "score 3 on 1..5"; // "score 3 on 1..5"
 */
export function writtenReason(reason: string | undefined): string | undefined {
  return reason !== undefined && hasText(reason) ? reason : undefined;
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
 * Longest name a judge writes, in characters: an entity, a topic, the name of a fact. A name is a few words; bounded in
 * the grammar for the reason {@link MAX_REASON_CHARS} is (SmolLM2-135M-Instruct, listing a 13-word reference's
 * entities, repeated one until it was cut off).
 */
export const MAX_NAME_CHARS = 100;

/**
 * A name a judge writes (an entity, a topic): {@link judgeText} of at most {@link MAX_NAME_CHARS} characters.
 *
 * @example
 * const schema = z.object({ entities: z.array(judgeName()) });
 */
export function judgeName(): z.ZodString {
  return judgeTextOfAtMost(MAX_NAME_CHARS);
}

/**
 * {@link judgeText} of at most `max` characters (code points, as the grammar counts them): `maxLength` in the grammar,
 * and checked again by zod.
 *
 * @example
 * const schema = z.object({ question: judgeTextOfAtMost(200) });
 */
export function judgeTextOfAtMost(max: number): z.ZodString {
  return atMostChars(judgeText(), max);
}

/** Characters a copied statement may run past the text it copies (a judge may add a full stop or a space). */
const COPY_SLACK_CHARS = 20;

/**
 * The longest copy a judge may write of one of `statements`: the longest of them and a little slack. A verdict's copy
 * only names the statement it is for (verdicts are matched by position), so the bound need not hold more.
 *
 * @example
 * copyChars(["Paris is in France.", "It is big."]); // 39
 */
export function copyChars(statements: readonly string[]): number {
  return statements.reduce((most, s) => Math.max(most, s.length), 0) + COPY_SLACK_CHARS;
}
