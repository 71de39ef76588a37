import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { verdictOptionsShape } from "../shared/judge/choice-verdicts.js";
import { strictModeOption } from "../shared/judge/deepeval-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";

/** Catalog entry of DeepEval's `TurnRelevancyMetric`; opt-in. */
export const turnRelevancyDescriptor = defineMetric({
  id: "turn_relevancy",
  description:
    "DeepEval's turn relevancy: the share of assistant replies (one per user-assistant exchange) the judge finds relevant to the last `windowSize` exchanges.",
  requiredFields: ["messages"],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  options: z.object({
    ...judgeSettingsShape,
    ...verdictOptionsShape,
    windowSize: z
      .number()
      .int()
      .min(1)
      .default(10)
      .describe(
        "How many user-assistant exchanges, ending with the judged one, the judge sees (DeepEval window_size). Defaults to 10.",
      ),
    strictMode: strictModeOption,
  }),
});
