import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { documentComparisonShape, documentPairReads } from "../shared/base/document-metric.js";

/** Catalog entry of Haystack's `document_recall`. */
export const documentRecallDescriptor = defineMetric({
  id: "document_recall",
  surfaces: { haystack: "DocumentRecallEvaluator" },
  description:
    "Recall of the ground-truth documents: any hit (single_hit) or share retrieved (multi_hit) (Haystack).",
  reads: documentPairReads,
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({
    ...documentComparisonShape,
    /** `single_hit`: 1 when any relevant document was retrieved; `multi_hit`: the share retrieved. Defaults to "single_hit". */
    mode: z.enum(["single_hit", "multi_hit"]).default("single_hit"),
  }),
});
