import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { reasonsShape } from "../shared/judge/choice-verdicts.js";
import { definitionTextSchema } from "../shared/judge/custom-judge.js";
import {
  customJudgeDescriptorBase,
  customJudgeOptionFields,
  scaleField,
} from "../shared/judge/custom-options.js";
import { givenStepsSchema } from "../shared/judge/g-eval/answer.js";

/** `g_eval`: criteria -> evaluation steps -> a probability-weighted score on your scale; opt-in. */
export const gEvalDescriptor = defineMetric({
  id: "g_eval",
  description:
    "G-Eval: a score on your scale for criteria in words, weighted by the judge's score-token probabilities.",
  ...customJudgeDescriptorBase,
  definable: true,
  options: z.strictObject({
    ...customJudgeOptionFields,
    /** What to judge, in words. Required. */
    criteria: definitionTextSchema,
    /**
     * Evaluation steps to use instead of asking the judge for them (1 to 8). Defaults to steps the judge writes from
     * the criteria, once per metric instance (at temperature 0, and cached with the judge's cache in the CLI).
     */
    evaluationSteps: givenStepsSchema.optional(),
    ...scaleField,
    ...reasonsShape,
  }),
});
