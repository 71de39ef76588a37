import { z } from "zod";
import { defineMetric } from "../descriptor.js";

/** Catalog entry of Ragas `chrf_score`. */
export const chrfScoreDescriptor = defineMetric({
  id: "chrf_score",
  description:
    "sacrebleu chrF (character n-gram F-score) of the response against the reference, on a 0..1 scale.",
  requiredFields: ["response", "reference"],
  needsLlm: false,
  needsEmbeddings: false,
  options: z
    .object({
      charOrder: z.number().int().nonnegative().default(6),
      wordOrder: z.number().int().nonnegative().default(0),
      beta: z.number().nonnegative().default(2),
      removeWhitespace: z.boolean().default(true),
      epsSmoothing: z.boolean().default(false),
    })
    .refine((o) => o.charOrder + o.wordOrder > 0, {
      path: ["charOrder"],
      message: "charOrder and wordOrder are both 0; at least one must be positive",
    }),
});
