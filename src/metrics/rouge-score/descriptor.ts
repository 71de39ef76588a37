import { z } from "zod";
import { defineMetric, responseAndReferenceStrings } from "../descriptor.js";

/** Catalog entry of Ragas `rouge_score`. */
export const rougeScoreDescriptor = defineMetric({
  id: "rouge_score",
  description:
    "rouge_score ROUGE (rouge1, rouge2 or rougeL; precision, recall or F-measure) with Porter stemming.",
  reads: responseAndReferenceStrings,
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({
    rougeType: z.enum(["rouge1", "rouge2", "rougeL"]).default("rougeL"),
    mode: z.enum(["precision", "recall", "fmeasure"]).default("fmeasure"),
  }),
});
