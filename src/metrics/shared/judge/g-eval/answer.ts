// G-Eval's score answer, shared by g_eval and conversational_g_eval (a reason, then a score that is the only number
// the grammar allows), and the schema of the evaluation steps a user gives; the steps prompt and the asking for steps
// are in ../evaluation-steps.ts.
import { z } from "zod";
import type { PromptTemplate } from "../../../../prompts/types.js";
import { promptWithoutReasons } from "../choice-verdicts.js";
import { definitionTextSchema, oneOfNumbers, type Scale, scaleValues } from "../custom-judge.js";
import { MAX_STEPS } from "../evaluation-steps.js";
import { judgeReason } from "../text-schema.js";

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
