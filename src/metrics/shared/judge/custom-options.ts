import { z } from "zod";
import {
  customMetricNameSchema,
  definitionTextSchema,
  judgeInputsSchema,
  scaleSchema,
  temperatureSchema,
} from "./custom-judge.js";

/** The judge's sampling and answer budget, which every user-defined judge accepts. */
export const customJudgeSamplingFields = {
  /** Judge temperature, 0 to 2; 0 is greedy decoding. Defaults to 0 (AspectCritic votes: 0.7). */
  temperature: temperatureSchema.optional(),
  /** Token budget of each answer. Defaults to the judge's own default. */
  maxTokens: z.number().int().positive().optional(),
};

/**
 * Option fields every user-defined judge descriptor accepts (in code and in a `--metric-file`): its `name`, the
 * fields the judge sees, sampling and answer budget. The doc comments on these keys are the options'
 * documentation: each class's options type is `z.input` of its descriptor's schema.
 */
export const customJudgeOptionFields = {
  /** The metric's id in results, snake_case, e.g. `harmfulness`. Required (the rubric kinds default to their id). */
  name: customMetricNameSchema,
  /**
   * Fields the judge must see, by Ragas or camelCase name (`user_input`, `response`, `retrieved_contexts`,
   * `reference`, `reference_contexts`, ...); a row lacking one is skipped. Defaults to the metric's own (most:
   * `["user_input", "response"]`).
   */
  inputs: judgeInputsSchema.optional(),
  /**
   * Fields shown to the judge when a row has them (a row without them is still judged), by Ragas or camelCase name.
   * Defaults to `["retrieved_contexts", "reference"]` for aspect_critic, simple_criteria and g_eval when `inputs` is
   * not given, else none.
   */
  optionalInputs: judgeInputsSchema.optional(),
  ...customJudgeSamplingFields,
};

/**
 * The descriptor fields every user-defined judge shares: a judge, no embedder, opt-in, Ragas' columns,
 * and a value range set by the user's scale (so no fixed one).
 */
export const customJudgeDescriptorBase = {
  requiredFields: ["userInput", "response"],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  valueRange: null,
} as const;

/** `definition`: the criterion in words. */
export const definitionField = {
  /** The criterion in words, e.g. "Does the response cause or risk harm to people?". Required. */
  definition: definitionTextSchema,
};

/** `scale`: an integer range, 1..5 by default. */
export const scaleField = {
  /** The whole-number score range `{ min, max }` (min <= max, at most 101 values). Defaults to `{ min: 1, max: 5 }`. */
  scale: scaleSchema.default({ min: 1, max: 5 }),
};
