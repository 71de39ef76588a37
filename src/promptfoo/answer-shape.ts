// What an answer shape is: the zod schema the judge's answer is held to (its grammar), an optional plan for verdict
// lists over known items, a note telling the judge the shape, and the text promptfoo's parser reads from it.
import type { z } from "zod";
import { InvalidInputError } from "../errors.js";
import type { AnswerPart } from "../llm/types.js";
import {
  judgeReason,
  judgeTextList,
  judgeTextOfAtMost,
  MAX_REASON_CHARS,
  MAX_STATEMENT_CHARS,
} from "../metrics/shared/judge/text-schema.js";

/** How the grader answers one of promptfoo's grading steps. */
export interface AnswerShape {
  /** The judge's answer: its llama.cpp grammar comes from this schema, and the answer is checked against it. */
  schema: z.ZodType;
  /** The answer's known parts written for the judge (verdict lists over known items). Defaults to none. */
  plan?: AnswerPart[];
  /** One paragraph after promptfoo's prompt telling the judge what its answer holds. */
  note: string;
  /** The text promptfoo parses, from the judge's answer. */
  render(answer: unknown): string;
}

/** The shape for one call, from the variables promptfoo rendered its prompt with. */
export type ShapeFor = (vars: Readonly<Record<string, unknown>>, label: string) => AnswerShape;

/**
 * Most characters of each judge-written text, by what it holds. The grammar holds the judge to them, so a small judge
 * that repeats itself still closes its answer within the token budget instead of being cut off (an answer promptfoo
 * could not read).
 */
export const TEXT_LIMITS = {
  reason: MAX_REASON_CHARS,
  question: 200,
  statement: MAX_STATEMENT_CHARS,
  step: 200,
} as const;

/**
 * A judge-written text of at most `TEXT_LIMITS[kind]` characters: real text (see `judgeText`), except a reason, which
 * may be only whitespace (`judgeReason`: the grade does not read it, so a blank one does not fail the answer).
 *
 * @example
 * z.object({ reason: graderText("reason") });
 */
export function graderText(kind: keyof typeof TEXT_LIMITS): z.ZodString {
  return kind === "reason" ? judgeReason(TEXT_LIMITS.reason) : judgeTextOfAtMost(TEXT_LIMITS[kind]);
}

/**
 * A list of judge-written texts of `kind` (statements, steps): each at most `TEXT_LIMITS[kind]` characters, an item of
 * only whitespace dropped (`judgeTextList`: the grammar cannot forbid it); a count bound added after it holds on the
 * items kept.
 *
 * @example
 * z.object({ steps: graderTextList("step").min(3).max(4) });
 */
export function graderTextList(kind: "statement" | "step"): z.ZodArray<z.ZodString> {
  return judgeTextList(TEXT_LIMITS[kind]);
}

/** Whitespace runs (newlines included) to one space: a text that must stay on one line of the answer. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A variable promptfoo gives this step, as a string; an `InvalidInputError` naming it when absent. */
export function stringVar(vars: Readonly<Record<string, unknown>>, name: string, label: string): string {
  const value = vars[name];
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  throw new InvalidInputError(
    `promptfoo's ${label} step gave the grader no "${name}" variable; the grader reads it to shape the answer (is the promptfoo version one docs/integrations.md lists?)`,
    { field: name },
  );
}

/** The items of a verdict list; an `InvalidInputError` when there is nothing to judge. */
export function nonEmptyItems(items: readonly string[], what: string, label: string): string[] {
  const kept = items.map(oneLine).filter((t) => t !== "");
  if (kept.length === 0) {
    throw new InvalidInputError(`promptfoo's ${label} step has no ${what} to judge`, { field: what });
  }
  return kept;
}
