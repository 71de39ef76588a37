import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { relevanceVerifierShape } from "../shared/verifier/options.js";

/** Catalog entry of `verifier_context_precision`. */
export const verifierContextPrecisionDescriptor = defineMetric({
  id: "verifier_context_precision",
  description:
    "Ragas' average precision of the retrieved contexts in rank order, each relevant when a cross-encoder's probability reaches the threshold.",
  reads: ["userInput", "retrievedContexts"],
  needsLlm: false,
  needsEmbeddings: false,
  needsVerifier: ["relevance"],
  optIn: true,
  options: z.object({
    ...relevanceVerifierShape,
    /**
     * Verdicts: "threshold" (1 when probability >= threshold, else 0) or "probability" (the probability itself, as
     * Ragas' expected verdicts). Defaults to "threshold".
     */
    scoring: z
      .enum(["threshold", "probability"])
      .default("threshold")
      .describe(
        'Verdicts: "threshold" (1 when probability >= threshold, else 0) or "probability" (the probability itself, as Ragas\' expected verdicts). Defaults to "threshold".',
      ),
  }),
});
