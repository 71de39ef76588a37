import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { documentComparisonShape, documentPairReads } from "../shared/base/document-metric.js";

/** Catalog entry of Haystack's `document_ndcg`. */
export const documentNdcgDescriptor = defineMetric({
  id: "document_ndcg",
  surfaces: { haystack: "DocumentNDCGEvaluator" },
  description: "NDCG of the retrieved documents with graded relevance from ground-truth scores (Haystack).",
  reads: documentPairReads,
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({ ...documentComparisonShape }),
});
