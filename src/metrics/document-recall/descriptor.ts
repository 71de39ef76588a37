import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { documentComparisonFieldSchema } from "../shared/base/document-metric.js";

/** Catalog entry of Haystack's `document_recall`. */
export const documentRecallDescriptor = defineMetric({
  id: "document_recall",
  surfaces: { haystack: "DocumentRecallEvaluator" },
  description:
    "Recall of the ground-truth documents: any hit (single_hit) or share retrieved (multi_hit) (Haystack).",
  requiredFields: ["groundTruthDocuments", "retrievedDocuments"],
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({
    documentComparisonField: documentComparisonFieldSchema,
    mode: z.enum(["single_hit", "multi_hit"]).default("single_hit"),
  }),
});
