// G-Eval's first step, shared by the metrics that judge by criteria in words (GEval, ArenaGEval, ConversationalGEval):
// the judge turns the criteria into a short list of evaluation steps, once per metric instance, unless the user gives
// the steps. A metric may ask with its own steps prompt (ConversationalGEval's speaks of turns); G-Eval's is the default.
import { z } from "zod";
import type { Llm } from "../../../llm/types.js";
import type { PromptTemplate } from "../../../prompts/types.js";
import { askJudge, type JudgeSettings, type JudgeUsage, newUsage } from "./judge.js";
import { judgeTextList, MAX_STATEMENT_CHARS } from "./text-schema.js";

/** Input of the steps prompt: the metric's name and criteria. */
export interface StepsInput {
  name: string;
  criteria: string;
}

/** The evaluation steps the judge writes for the criteria, once per metric. */
export interface StepsOutput {
  steps: string[];
}

/**
 * Version of the G-Eval steps prompt. 1.1.0: each step is bounded (at most 200 characters: `judgeTextList`), so a
 * judge that repeats itself inside a step still closes the list.
 */
export const G_EVAL_STEPS_VERSION = "1.1.0";

/** At most this many evaluation steps. */
export const MAX_STEPS = 8;

/** The steps answer: 1 to {@link MAX_STEPS} short texts. */
export const stepsSchema: z.ZodType<StepsOutput> = z.object({
  steps: judgeTextList(MAX_STATEMENT_CHARS).min(1).max(MAX_STEPS),
});

/**
 * Step 1 of G-Eval: turn the criteria into a short list of concrete evaluation steps.
 *
 * @example
 * const prompt = renderPrompt(gEvalStepsPrompt, { name: "coherence", criteria: "Is the answer well structured?" });
 */
export const gEvalStepsPrompt: PromptTemplate<StepsInput, StepsOutput> = {
  name: "g_eval/steps",
  version: G_EVAL_STEPS_VERSION,
  instruction: [
    "You write evaluation steps for a reviewer. Given a criterion, list 3 to 5 short, concrete steps that a",
    "reviewer follows to judge an answer by that criterion, in the order to follow them. Reply with JSON only.",
  ].join("\n"),
  outputSchema: stepsSchema,
  examples: [
    {
      input: { name: "correctness", criteria: "Does the answer agree with the reference answer?" },
      output: {
        steps: [
          "Read the reference answer and note its key facts.",
          "Check each fact in the answer against the reference.",
          "Note facts that contradict the reference or are missing from the answer.",
          "Weigh contradictions more heavily than omissions.",
        ],
      },
    },
  ],
  formatInput: formatStepsInput,
};

/** How a steps prompt shows its input to the judge. */
export function formatStepsInput(input: StepsInput): string {
  return `Name: ${input.name}\nCriterion: ${input.criteria.trim()}`;
}

/** Asks the judge once for evaluation steps for the criteria, with `template` (G-Eval's steps prompt by default). */
export async function generateSteps(
  llm: Llm,
  name: string,
  criteria: string,
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  template: PromptTemplate<StepsInput, StepsOutput> = gEvalStepsPrompt,
): Promise<{ steps: string[]; usage: JudgeUsage }> {
  const usage = newUsage();
  const out = await askJudge(llm, template, { name, criteria }, settings, usage, signal);
  return { steps: out.steps.map((s) => s.trim()), usage };
}

/** A metric's evaluation steps: the given ones, or the judge's, and what the asking cost. */
export interface EvaluationSteps {
  steps: string[];
  source: "given" | "generated";
  usage: JudgeUsage | undefined;
}

/**
 * The evaluation steps of one metric instance: the given ones, or the judge's, asked once at temperature 0 (a failed
 * attempt is forgotten, so the next row asks again).
 *
 * @example
 * const steps = new StepsOnce(llm, "coherence", criteria, undefined, settings);
 * const { steps: list } = await steps.get(signal);
 */
export class StepsOnce {
  private pending: Promise<EvaluationSteps> | undefined;

  constructor(
    private readonly llm: Llm,
    private readonly name: string,
    private readonly criteria: string,
    private readonly given: readonly string[] | undefined,
    private readonly settings: JudgeSettings,
    private readonly template: PromptTemplate<StepsInput, StepsOutput> = gEvalStepsPrompt,
  ) {}

  get(signal?: AbortSignal): Promise<EvaluationSteps> {
    if (this.pending === undefined) {
      this.pending =
        this.given !== undefined
          ? Promise.resolve({ steps: [...this.given], source: "given", usage: undefined })
          : generateSteps(
              this.llm,
              this.name,
              this.criteria,
              { ...this.settings, temperature: 0 },
              signal,
              this.template,
            ).then((s) => ({ ...s, source: "generated" as const }));
      this.pending.catch(() => {
        this.pending = undefined;
      });
    }
    return this.pending;
  }
}

/**
 * The instruction lines that state the criterion and its numbered evaluation steps, as the criteria prompts (G-Eval's
 * score prompt, the head-to-head prompt) show them.
 *
 * @example
 * criterionLines("Is it correct?", ["Check the facts."]); // ["Criterion:", "Is it correct?", "", "Evaluation steps:", "1. Check the facts."]
 */
export function criterionLines(criteria: string, steps: readonly string[]): string[] {
  return ["Criterion:", criteria.trim(), "", ...stepsLines(steps)];
}

/**
 * The instruction lines that list the evaluation steps, numbered from 1 (for a prompt whose criterion is optional).
 *
 * @example
 * stepsLines(["Read it.", "Judge it."]); // ["Evaluation steps:", "1. Read it.", "2. Judge it."]
 */
export function stepsLines(steps: readonly string[]): string[] {
  return ["Evaluation steps:", ...steps.map((s, i) => `${i + 1}. ${s}`)];
}
