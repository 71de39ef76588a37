import { z } from "zod";

/** The options of `SemanticSimilarity` and `SASEvaluator` other than the embedder, with their defaults. */
export const semanticSimilarityOptionsSchema = z.object({
  threshold: z
    .number()
    .optional()
    .describe(
      "When set, the score is 1 if similarity >= threshold, else 0 (0 is a valid threshold); unset gives the raw cosine.",
    ),
  batchSize: z.number().int().positive().default(32).describe("Texts per embeddings.embed call."),
});
