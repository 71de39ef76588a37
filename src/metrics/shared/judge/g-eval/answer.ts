// The answers of G-Eval's two judge steps, shared by g_eval and conversational_g_eval: the evaluation steps the judge
// writes from the criteria, and the score answer (a reason, then a score that is the only number the grammar allows).
import { z } from "zod";
import type { PromptTemplate } from "../../../../prompts/types.js";
import { promptWithoutReasons } from "../choice-verdicts.js";
import { definitionTextSchema, oneOfNumbers, type Scale, scaleValues } from "../custom-judge.js";
import { judgeReason, judgeText } from "../text-schema.js";

/** At most this many evaluation steps, given or written by the judge. */
export const MAX_STEPS = 8;

/** Input of a steps prompt: the metric's name and criteria. */
export interface StepsInput {
  name: string;
  criteria: string;
}

/** How a steps prompt shows its input to the judge. */
export function formatStepsInput(input: StepsInput): string {
  return `Name: ${input.name}\nCriterion: ${input.criteria.trim()}`;
}

/**
 * The lines of a score prompt's instruction that list the evaluation steps, numbered from 1.
 *
 * @example
 * stepsLines(["Read it.", "Judge it."]); // ["Evaluation steps:", "1. Read it.", "2. Judge it."]
 */
export function stepsLines(steps: readonly string[]): string[] {
  return ["Evaluation steps:", ...steps.map((s, i) => `${i + 1}. ${s}`)];
}

/** The evaluation steps the judge writes for the criteria, once per metric. */
export interface StepsOutput {
  steps: string[];
}

/** The steps answer: 1 to {@link MAX_STEPS} short texts. */
export const stepsSchema: z.ZodType<StepsOutput> = z.object({
  steps: z.array(judgeText()).min(1).max(MAX_STEPS),
});

/**
 * The score answer: a reason (none with `reasons: false`), then the score. The score is the only number the grammar
 * lets it write.
 */
export interface GEvalAnswer {
  reason?: string;
  score: number;
}

/** The score answer schema for a scale; `reasons: false` leaves the reason out. */
export function gEvalAnswerSchema(scale: Scale, reasons = true): z.ZodType<GEvalAnswer> {
  const score = oneOfNumbers(scaleValues(scale));
  return reasons ? z.object({ reason: judgeReason(), score }) : z.object({ score });
}

/**
 * A score prompt as `reasons` asks: `template` itself, or its variant that asks for the score alone (version
 * `+noreasons`), where `ask` is the instruction's sentence asking for a reason and the one that replaces it.
 *
 * @example
 * scorePromptFor(template, { min: 1, max: 5 }, false, ["Give a reason, then the score.", "Give only the score."]);
 */
export function scorePromptFor<I>(
  template: PromptTemplate<I, GEvalAnswer>,
  scale: Scale,
  reasons: boolean,
  ask: readonly [from: string, to: string],
): PromptTemplate<I, GEvalAnswer> {
  return reasons
    ? template
    : promptWithoutReasons(template, { outputSchema: gEvalAnswerSchema(scale, false), ask });
}

/** Evaluation steps a user gives instead of asking the judge for them: 1 to {@link MAX_STEPS} non-empty texts. */
export const givenStepsSchema = z.array(definitionTextSchema).min(1).max(MAX_STEPS);
