import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { reasonsShape } from "../shared/judge/choice-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";
import { prefillShape } from "../shared/judge/verdict-plan.js";

/** `factual_correctness`: precision, recall or F-beta of the response's claims against the reference's. */
export const factualCorrectnessDescriptor = defineMetric({
  id: "factual_correctness",
  description:
    "Precision, recall or F-beta (mode) of the response's claims checked against the reference and back, rounded to 2 decimals.",
  reads: ["response", "reference"],
  needsLlm: true,
  needsEmbeddings: false,
  options: z.object({
    ...judgeSettingsShape,
    /** `precision` (response claims the reference supports), `recall` (reference claims the response covers) or `f1`. Defaults to "f1". */
    mode: z.enum(["precision", "recall", "f1"]).default("f1"),
    /** F-beta of mode f1: above 1 favours recall, below 1 precision. Defaults to 1. */
    beta: z.number().positive().default(1),
    /** How finely claims are split: "low" or "high". Defaults to "low". */
    atomicity: z.enum(["low", "high"]).default("low"),
    /** How much of each text the claims cover: "low" or "high". Defaults to "low". */
    coverage: z.enum(["low", "high"]).default("low"),
    ...reasonsShape,
    ...prefillShape,
  }),
});
