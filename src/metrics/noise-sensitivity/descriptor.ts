import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { reasonsShape } from "../shared/judge/choice-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";
import { prefillShape } from "../shared/judge/verdict-plan.js";

/** `noise_sensitivity`: share of incorrect response statements that relevant (or irrelevant) contexts support. */
export const noiseSensitivityDescriptor = defineMetric({
  id: "noise_sensitivity",
  description:
    "Share of response statements the reference does not support but a relevant (mode) or only irrelevant context does; lower is better.",
  reads: ["userInput", "response", "reference", "retrievedContexts"],
  needsLlm: true,
  needsEmbeddings: false,
  options: z.object({
    ...judgeSettingsShape,
    /** Count incorrect statements backed by `relevant` contexts, or by `irrelevant` contexts only. Defaults to "relevant". */
    mode: z.enum(["relevant", "irrelevant"]).default("relevant"),
    ...reasonsShape,
    ...prefillShape,
  }),
});
