import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { DEFAULT_RELEVANCE_VERIFIER } from "../shared/verifier/defaults.js";
import { aggregateOption, relevanceThreshold, verifierShape } from "../shared/verifier/options.js";

/** Catalog entry of `verifier_context_relevance`. */
export const verifierContextRelevanceDescriptor = defineMetric({
  id: "verifier_context_relevance",
  description:
    "Share of the retrieved contexts a relevance cross-encoder finds relevant to the question (sigmoid probability >= threshold).",
  requiredFields: ["userInput", "retrievedContexts"],
  needsLlm: false,
  needsEmbeddings: false,
  needsVerifier: ["relevance"],
  optIn: true,
  options: z.object({
    ...verifierShape(DEFAULT_RELEVANCE_VERIFIER),
    threshold: relevanceThreshold,
    aggregate: aggregateOption("relevant contexts"),
  }),
});
