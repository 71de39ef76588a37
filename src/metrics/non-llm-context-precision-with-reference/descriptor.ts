import { defineMetric } from "../descriptor.js";
import { nonLlmContextOptionsSchema, nonLlmContextReads } from "../shared/base/non-llm-context-metric.js";

/** Catalog entry of Ragas `non_llm_context_precision_with_reference`. */
export const nonLlmContextPrecisionWithReferenceDescriptor = defineMetric({
  id: "non_llm_context_precision_with_reference",
  description:
    "Average precision of retrieved contexts judged relevant by string similarity (>= threshold) to a reference context.",
  reads: nonLlmContextReads,
  needsLlm: false,
  needsEmbeddings: false,
  options: nonLlmContextOptionsSchema,
});
