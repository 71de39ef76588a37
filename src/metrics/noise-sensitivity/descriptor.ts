import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { reasonsOption } from "../shared/judge/choice-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";
import { prefillShape } from "../shared/judge/verdict-plan.js";

/** `noise_sensitivity`: share of incorrect response statements that relevant (or irrelevant) contexts support. */
export const noiseSensitivityDescriptor = defineMetric({
  id: "noise_sensitivity",
  description:
    "Share of response statements the reference does not support but a relevant (mode) or only irrelevant context does; lower is better.",
  requiredFields: ["userInput", "response", "reference", "retrievedContexts"],
  needsLlm: true,
  needsEmbeddings: false,
  options: z.object({
    ...judgeSettingsShape,
    mode: z.enum(["relevant", "irrelevant"]).default("relevant"),
    reasons: reasonsOption,
    ...prefillShape,
  }),
});
