import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { documentComparisonShape, documentPairReads } from "../shared/base/document-metric.js";

/** Catalog entry of Haystack's `document_map`. */
export const documentMapDescriptor = defineMetric({
  id: "document_map",
  surfaces: { haystack: "DocumentMAPEvaluator" },
  description: "Average precision of the retrieved documents over all relevant documents (Haystack).",
  reads: documentPairReads,
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({ ...documentComparisonShape }),
});
