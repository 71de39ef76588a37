import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { distanceMeasures } from "../shared/string-distance/similarity.js";

/** Catalog entry of Ragas `non_llm_context_recall`. */
export const nonLlmContextRecallDescriptor = defineMetric({
  id: "non_llm_context_recall",
  description:
    "Share of reference contexts with string similarity above the threshold to a retrieved context.",
  requiredFields: ["retrievedContexts", "referenceContexts"],
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({
    threshold: z.number().default(0.5),
    distanceMeasure: z.enum(distanceMeasures).default("levenshtein"),
  }),
});
