import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { documentComparisonFieldSchema } from "../shared/base/document-metric.js";

/** Catalog entry of Haystack's `document_mrr`. */
export const documentMrrDescriptor = defineMetric({
  id: "document_mrr",
  surfaces: { haystack: "DocumentMRREvaluator" },
  description: "Mean reciprocal rank of the first retrieved document that is in the ground truth (Haystack).",
  requiredFields: ["groundTruthDocuments", "retrievedDocuments"],
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({ documentComparisonField: documentComparisonFieldSchema }),
});
