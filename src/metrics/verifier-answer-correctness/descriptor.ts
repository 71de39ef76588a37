import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { DEFAULT_NLI_VERIFIER, SUPPORT_TASKS } from "../shared/verifier/defaults.js";
import {
  defaultedVerifierOption,
  probabilityThreshold,
  verifierThreadsShape,
} from "../shared/verifier/options.js";

/** Catalog entry of `verifier_answer_correctness`. */
export const verifierAnswerCorrectnessDescriptor = defineMetric({
  id: "verifier_answer_correctness",
  description:
    "F-beta of response sentences entailed by the reference (precision) and reference sentences entailed by the response (recall), by an NLI verifier.",
  reads: ["response", "reference"],
  needsLlm: false,
  needsEmbeddings: false,
  needsVerifier: SUPPORT_TASKS,
  optIn: true,
  options: z.object({
    /**
     * The NLI (or consistency) verifier: a models.json id or a model directory, loaded on first use and shared
     * process-wide, or a loaded Verifier. Defaults to "nli-deberta-v3-small".
     */
    verifier: defaultedVerifierOption(DEFAULT_NLI_VERIFIER, "The NLI (or consistency) verifier"),
    ...verifierThreadsShape,
    /** A sentence is entailed when its best window's P(entailment) is at least this. Defaults to 0.5. */
    threshold: probabilityThreshold.describe(
      "A sentence is entailed when its best window's P(entailment) is at least this. Defaults to 0.5.",
    ),
    /** F-beta's beta: > 1 favours recall. Defaults to 1. */
    beta: z.number().positive().default(1).describe("F-beta's beta: > 1 favours recall. Defaults to 1."),
  }),
});
