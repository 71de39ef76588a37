import { z } from "zod";
import { defineMetric } from "../descriptor.js";

/** Catalog entry of `semantic_similarity`; its options are those of `SemanticSimilarity` and `SASEvaluator`. */
export const semanticSimilarityDescriptor = defineMetric({
  id: "semantic_similarity",
  description: "Cosine similarity of the response's and the reference's embeddings (0/1 with a threshold).",
  reads: ["response", "reference"],
  needsLlm: false,
  needsEmbeddings: true,
  valueRange: [-1, 1],
  options: z.object({
    /**
     * When set, the score is 1 if similarity >= threshold, else 0 (0 is a valid threshold); unset gives the raw cosine.
     * Defaults to undefined (raw cosine).
     */
    threshold: z
      .number()
      .optional()
      .describe(
        "When set, the score is 1 if similarity >= threshold, else 0 (0 is a valid threshold); unset gives the raw cosine.",
      ),
    /** Texts per embeddings.embed call. `scoreBatch` and `run` embed a whole batch at once; speed only. Defaults to 32. */
    batchSize: z.number().int().positive().default(32).describe("Texts per embeddings.embed call."),
  }),
  surfaces: { haystack: "SASEvaluator", apiGroup: "judge-metrics-core" },
});
