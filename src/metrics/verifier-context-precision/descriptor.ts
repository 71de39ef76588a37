import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { DEFAULT_RELEVANCE_VERIFIER } from "../shared/verifier/defaults.js";
import { relevanceThreshold, verifierShape } from "../shared/verifier/options.js";

/** Catalog entry of `verifier_context_precision`. */
export const verifierContextPrecisionDescriptor = defineMetric({
  id: "verifier_context_precision",
  description:
    "Ragas' average precision of the retrieved contexts in rank order, each relevant when a cross-encoder's probability reaches the threshold.",
  requiredFields: ["userInput", "retrievedContexts"],
  needsLlm: false,
  needsEmbeddings: false,
  needsVerifier: ["relevance"],
  optIn: true,
  options: z.object({
    ...verifierShape(DEFAULT_RELEVANCE_VERIFIER),
    threshold: relevanceThreshold,
    scoring: z
      .enum(["threshold", "probability"])
      .default("threshold")
      .describe(
        'Verdicts: "threshold" (1 when probability >= threshold, else 0) or "probability" (the probability itself, as Ragas\' expected verdicts). Defaults to "threshold".',
      ),
  }),
});
