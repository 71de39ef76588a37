import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { deepEvalJudgeShape } from "../shared/judge/deepeval-verdicts.js";

/** Catalog entry of DeepEval's `TurnRelevancyMetric`; opt-in. */
export const turnRelevancyDescriptor = defineMetric({
  id: "turn_relevancy",
  description:
    "DeepEval's turn relevancy: the share of assistant replies (one per user-assistant exchange) the judge finds relevant to the last `windowSize` exchanges.",
  reads: ["messages"],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  // `strictMode` (in the shared shape) comes before `windowSize`: the config records the options in this order.
  options: z.object({
    ...deepEvalJudgeShape,
    /** How many user-assistant exchanges, ending with the judged one, the judge sees (DeepEval window_size). Defaults to 10. */
    windowSize: z
      .number()
      .int()
      .min(1)
      .default(10)
      .describe(
        "How many user-assistant exchanges, ending with the judged one, the judge sees (DeepEval window_size). Defaults to 10.",
      ),
  }),
});
