import { defineMetric } from "../descriptor.js";
import { contextRelevanceOptionsSchema } from "./options.js";

/** Catalog entry of `context_relevance`. */
export const contextRelevanceDescriptor = defineMetric({
  id: "context_relevance",
  description:
    "Fraction of the retrieved contexts' statements relevant to the question (judge; Haystack's formula).",
  reads: ["userInput", { field: "retrievedContexts", emptyList: "allowed" }],
  needsLlm: true,
  needsEmbeddings: false,
  options: contextRelevanceOptionsSchema,
  surfaces: { haystack: "ContextRelevanceEvaluator", apiGroup: "judge-metrics-core" },
});
