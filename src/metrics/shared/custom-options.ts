import { z } from "zod";
import {
  customMetricNameSchema,
  definitionTextSchema,
  judgeInputsSchema,
  scaleSchema,
  temperatureSchema,
} from "./custom-judge.js";

/**
 * Option fields every user-defined judge descriptor accepts (in code and in a `--metric-file`): its `name`, the
 * fields the judge sees, sampling and answer budget.
 */
export const customJudgeOptionFields = {
  /** The metric's id in results. */
  name: customMetricNameSchema,
  /** Fields the judge must see, by Ragas name. */
  inputs: judgeInputsSchema.optional(),
  /** Judge temperature. */
  temperature: temperatureSchema.optional(),
  /** Answer budget in tokens. */
  maxTokens: z.number().int().positive().optional(),
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
export const definitionField = { definition: definitionTextSchema };

/** `scale`: an integer range, 1..5 by default. */
export const scaleField = { scale: scaleSchema.default({ min: 1, max: 5 }) };
