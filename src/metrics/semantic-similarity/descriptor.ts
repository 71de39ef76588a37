import { defineMetric } from "../descriptor.js";
import { semanticSimilarityOptionsSchema } from "./options.js";

/** Catalog entry of `semantic_similarity`. */
export const semanticSimilarityDescriptor = defineMetric({
  id: "semantic_similarity",
  description: "Cosine similarity of the response's and the reference's embeddings (0/1 with a threshold).",
  requiredFields: ["response", "reference"],
  needsLlm: false,
  needsEmbeddings: true,
  valueRange: [-1, 1],
  options: semanticSimilarityOptionsSchema,
  surfaces: { haystack: "SASEvaluator", apiGroup: "judge-metrics-core" },
});
