import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { documentComparisonShape, documentPairReads } from "../shared/base/document-metric.js";

/** Catalog entry of Haystack's `document_mrr`. */
export const documentMrrDescriptor = defineMetric({
  id: "document_mrr",
  surfaces: { haystack: "DocumentMRREvaluator" },
  description: "Mean reciprocal rank of the first retrieved document that is in the ground truth (Haystack).",
  reads: documentPairReads,
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({ ...documentComparisonShape }),
});
