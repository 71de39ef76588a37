import { z } from "zod";
import type { Embeddings } from "../../embeddings/types.js";
import { parseOptions } from "../../errors-zod.js";
import { embeddingsOption } from "../shared/options.js";

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

/** Parses the options of `SemanticSimilarity` or `SASEvaluator` (named by `where`), embedder included. */
export function parseSemanticSimilarityOptions(
  options: unknown,
  where: string,
): { embeddings: Embeddings; threshold?: number | undefined; batchSize: number } {
  return parseOptions(
    semanticSimilarityOptionsSchema.extend({ embeddings: embeddingsOption }),
    options,
    where,
  );
}
