import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { choiceOptionsShape } from "../shared/judge/choice-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";

/** `nv_accuracy`: two 0/2/4 ratings of the response against the reference, averaged and scaled to [0, 1]. */
export const nvAccuracyDescriptor = defineMetric({
  id: "nv_accuracy",
  description: "Mean of two judge ratings (0, 2 or 4) of the response against the reference, divided by 4.",
  reads: ["userInput", "response", "reference"],
  needsLlm: true,
  needsEmbeddings: false,
  options: z.object({ ...judgeSettingsShape, ...choiceOptionsShape }),
});
