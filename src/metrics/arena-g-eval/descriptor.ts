import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { reasonsShape } from "../shared/judge/choice-verdicts.js";
import { definitionTextSchema } from "../shared/judge/custom-judge.js";
import { customJudgeOptionFields } from "../shared/judge/custom-options.js";
import { givenStepsSchema } from "../shared/judge/g-eval/answer.js";

/**
 * `arena_g_eval`: two or more candidate responses to one input, judged pair by pair in both orders by criteria in
 * words; the value is the first candidate's win share. Opt-in.
 */
export const arenaGEvalDescriptor = defineMetric({
  id: "arena_g_eval",
  description:
    "Head to head: the first candidate's share of wins (ties half) against the others, each pair judged in both orders by your criteria.",
  requiredFields: ["userInput", "candidates"],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  valueRange: [0, 1],
  definable: { fields: (options) => [...(options.inputs ?? ["userInput"]), "candidates"] },
  options: z.strictObject({
    ...customJudgeOptionFields,
    /** The metric's id in results, snake_case. Defaults to "arena_g_eval". */
    name: customJudgeOptionFields.name.default("arena_g_eval"),
    /**
     * Fields the judge sees beside the candidates, by Ragas or camelCase name (`user_input`, `reference`, ...); a row
     * lacking one is skipped. Defaults to `["user_input"]`.
     */
    inputs: customJudgeOptionFields.inputs,
    /**
     * Fields shown to the judge beside the candidates when a row has them, by Ragas or camelCase name. Defaults to
     * `["retrieved_contexts", "reference"]` when `inputs` is not given, else none.
     */
    optionalInputs: customJudgeOptionFields.optionalInputs,
    /** What makes one response better than another, in words. Required. */
    criteria: definitionTextSchema,
    /**
     * Evaluation steps to use instead of asking the judge for them (1 to 8). Defaults to steps the judge writes from
     * the criteria, once per metric instance (G-Eval's steps prompt, at temperature 0).
     */
    evaluationSteps: givenStepsSchema.optional(),
    /**
     * Seed of the position assignment: for each pair of a row, which candidate is shown first in the first call (a
     * hash of the seed, the row's texts and the pair, so the same row gets the same positions on every run). Defaults
     * to 0.
     */
    seed: z.number().int().min(0).default(0),
    /**
     * Judge every pair in both orders (two calls a pair), which cancels the judge's position bias and measures it (the
     * position-flip rate); false judges each pair once, in its seeded order. Defaults to true.
     */
    swap: z.boolean().default(true),
    ...reasonsShape,
  }),
});
