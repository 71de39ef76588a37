import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { reasonsOption } from "../shared/judge/choice-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";
import { prefillShape } from "../shared/judge/verdict-plan.js";

/** `factual_correctness`: precision, recall or F-beta of the response's claims against the reference's. */
export const factualCorrectnessDescriptor = defineMetric({
  id: "factual_correctness",
  description:
    "Precision, recall or F-beta (mode) of the response's claims checked against the reference and back, rounded to 2 decimals.",
  requiredFields: ["response", "reference"],
  needsLlm: true,
  needsEmbeddings: false,
  options: z.object({
    ...judgeSettingsShape,
    mode: z.enum(["precision", "recall", "f1"]).default("f1"),
    beta: z.number().positive().default(1),
    atomicity: z.enum(["low", "high"]).default("low"),
    coverage: z.enum(["low", "high"]).default("low"),
    reasons: reasonsOption,
    ...prefillShape,
  }),
});
