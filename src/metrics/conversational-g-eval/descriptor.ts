import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { reasonsShape } from "../shared/judge/choice-verdicts.js";
import { customMetricNameSchema, definitionTextSchema } from "../shared/judge/custom-judge.js";
import { givenStepsSchema } from "../shared/judge/g-eval/answer.js";
import { judgeSettingsShape } from "../shared/judge/options.js";

/**
 * `conversational_g_eval` (DeepEval's `ConversationalGEval`): criteria and/or evaluation steps over a whole
 * conversation, a 0-10 score weighted by the judge's score-token probabilities, divided by 10; opt-in.
 */
export const conversationalGEvalDescriptor = defineMetric({
  id: "conversational_g_eval",
  description:
    "DeepEval's conversational G-Eval: a 0-10 score for a whole conversation by your criteria or evaluation steps, weighted by the judge's score-token probabilities, divided by 10.",
  reads: [{ field: "messages", judgeReadable: true }],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  definable: true,
  options: z
    .strictObject({
      /** The metric's id in results, snake_case, e.g. `politeness`. Required. */
      name: customMetricNameSchema,
      /**
       * What to judge in the conversation, in words. Required unless `evaluationSteps` are given (DeepEval needs
       * criteria, evaluation steps or both).
       */
      criteria: definitionTextSchema.optional(),
      /**
       * Evaluation steps to use instead of asking the judge for them (1 to 8). Defaults to steps the judge writes
       * from the criteria, once per metric instance (at temperature 0, and cached with the judge's cache in the CLI).
       */
      evaluationSteps: givenStepsSchema.optional(),
      ...judgeSettingsShape,
      /**
       * Give 0 for any value below 1, so a conversation passes only with a full score (DeepEval strict_mode, which
       * also sets its threshold to 1). Defaults to false.
       */
      strictMode: z
        .boolean()
        .default(false)
        .describe(
          "Give 0 for any value below 1, so a conversation passes only with a full score (DeepEval strict_mode, which also sets its threshold to 1).",
        ),
      ...reasonsShape,
    })
    .refine((o) => o.criteria !== undefined || o.evaluationSteps !== undefined, {
      path: ["criteria"],
      error:
        "is missing: give criteria (the judge then writes the evaluation steps), evaluationSteps, or both",
    }),
});
