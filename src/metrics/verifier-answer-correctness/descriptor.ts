import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { DEFAULT_NLI_VERIFIER, SUPPORT_TASKS } from "../shared/verifier/defaults.js";
import { probabilityThreshold, verifierShape } from "../shared/verifier/options.js";

/** Catalog entry of `verifier_answer_correctness`. */
export const verifierAnswerCorrectnessDescriptor = defineMetric({
  id: "verifier_answer_correctness",
  description:
    "F-beta of response sentences entailed by the reference (precision) and reference sentences entailed by the response (recall), by an NLI verifier.",
  requiredFields: ["response", "reference"],
  needsLlm: false,
  needsEmbeddings: false,
  needsVerifier: SUPPORT_TASKS,
  optIn: true,
  options: z.object({
    ...verifierShape(DEFAULT_NLI_VERIFIER),
    threshold: probabilityThreshold.describe(
      "A sentence is entailed when its best window's P(entailment) is at least this. Defaults to 0.5.",
    ),
    beta: z.number().positive().default(1).describe("F-beta's beta: > 1 favours recall. Defaults to 1."),
  }),
});
