import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { distanceMeasures } from "../shared/string-distance/similarity.js";

/** Catalog entry of Ragas `non_llm_context_precision_with_reference`. */
export const nonLlmContextPrecisionWithReferenceDescriptor = defineMetric({
  id: "non_llm_context_precision_with_reference",
  description:
    "Average precision of retrieved contexts judged relevant by string similarity (>= threshold) to a reference context.",
  requiredFields: ["retrievedContexts", "referenceContexts"],
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({
    threshold: z.number().default(0.5),
    distanceMeasure: z.enum(distanceMeasures).default("levenshtein"),
  }),
});
