import { z } from "zod";
import { defineMetric, responseAndReferenceStrings } from "../descriptor.js";

/** Catalog entry of Ragas `bleu_score`. */
export const bleuScoreDescriptor = defineMetric({
  id: "bleu_score",
  description: "sacrebleu BLEU of the response against the reference, as Ragas calls it, on a 0..1 scale.",
  reads: responseAndReferenceStrings,
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({
    smoothMethod: z.enum(["exp", "floor", "add-k", "none"]).default("exp"),
    smoothValue: z.number().nonnegative().optional(),
    lowercase: z.boolean().default(false),
    tokenize: z.enum(["13a", "none"]).default("13a"),
    useEffectiveOrder: z.boolean().default(false),
  }),
});
