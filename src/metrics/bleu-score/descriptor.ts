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
    /** Smoothing. Defaults to "exp" (sacrebleu's default). */
    smoothMethod: z.enum(["exp", "floor", "add-k", "none"]).default("exp"),
    /** Value for "floor" (default 0.1) and "add-k" (default 1). Defaults to sacrebleu's value for the method. */
    smoothValue: z.number().nonnegative().optional(),
    /** Lower-case both sides first. Defaults to false. */
    lowercase: z.boolean().default(false),
    /** Tokenizer. Defaults to "13a". */
    tokenize: z.enum(["13a", "none"]).default("13a"),
    /** Stop at the highest n-gram order with a match, as for sentence BLEU. Defaults to false. */
    useEffectiveOrder: z.boolean().default(false),
  }),
});
