import { defineMetric } from "../descriptor.js";
import { nonLlmContextOptionsSchema, nonLlmContextReads } from "../shared/base/non-llm-context-metric.js";

/** Catalog entry of Ragas `non_llm_context_recall`. */
export const nonLlmContextRecallDescriptor = defineMetric({
  id: "non_llm_context_recall",
  description:
    "Share of reference contexts with string similarity above the threshold to a retrieved context.",
  reads: nonLlmContextReads,
  needsLlm: false,
  needsEmbeddings: false,
  options: nonLlmContextOptionsSchema,
});
