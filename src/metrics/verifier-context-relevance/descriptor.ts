import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { aggregateOption, relevanceVerifierShape } from "../shared/verifier/options.js";

/** Catalog entry of `verifier_context_relevance`. */
export const verifierContextRelevanceDescriptor = defineMetric({
  id: "verifier_context_relevance",
  description:
    "Share of the retrieved contexts a relevance cross-encoder finds relevant to the question (sigmoid probability >= threshold).",
  reads: ["userInput", "retrievedContexts"],
  needsLlm: false,
  needsEmbeddings: false,
  needsVerifier: ["relevance"],
  optIn: true,
  options: z.object({
    ...relevanceVerifierShape,
    /**
     * The value: "share" of relevant contexts at or above the threshold, or "mean" probability; details carry both.
     * Defaults to "share".
     */
    aggregate: aggregateOption("relevant contexts"),
  }),
});
