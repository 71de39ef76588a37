import { z } from "zod";
import { defineMetric, responseAndReferenceStrings } from "../descriptor.js";

/** Longest n-gram chrF counts: each order is a pass over the texts and a table sized by it. */
const MAX_ORDER = 20;

function orderCeiling(usual: string): string {
  return `must be at most ${MAX_ORDER}: each order is one more pass over every text; sacrebleu's usual value is ${usual}`;
}

/** Catalog entry of Ragas `chrf_score`. */
export const chrfScoreDescriptor = defineMetric({
  id: "chrf_score",
  description:
    "sacrebleu chrF (character n-gram F-score) of the response against the reference, on a 0..1 scale.",
  reads: responseAndReferenceStrings,
  needsLlm: false,
  needsEmbeddings: false,
  options: z
    .object({
      /** Character n-gram order. Defaults to 6. */
      charOrder: z
        .number()
        .int()
        .nonnegative()
        .max(MAX_ORDER, { error: orderCeiling("6") })
        .default(6),
      /** Word n-gram order (2 gives chrF++). Defaults to 0. */
      wordOrder: z
        .number()
        .int()
        .nonnegative()
        .max(MAX_ORDER, { error: orderCeiling("0, or 2 for chrF++") })
        .default(0),
      /** Recall weight. Defaults to 2. */
      beta: z.number().nonnegative().default(2),
      /** Remove whitespace before taking character n-grams (sacrebleu `remove_whitespace`). Defaults to true. */
      removeWhitespace: z.boolean().default(true),
      /** Use the chrF++.py / NLTK / Moses epsilon smoothing instead of the effective order. Defaults to false. */
      epsSmoothing: z.boolean().default(false),
    })
    .refine((o) => o.charOrder + o.wordOrder > 0, {
      path: ["charOrder"],
      message: "charOrder and wordOrder are both 0; at least one must be positive",
    }),
});
