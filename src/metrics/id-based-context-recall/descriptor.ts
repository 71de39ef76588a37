import { z } from "zod";
import { defineMetric } from "../descriptor.js";

/** Catalog entry of Ragas `id_based_context_recall`. */
export const idBasedContextRecallDescriptor = defineMetric({
  id: "id_based_context_recall",
  description: "Share of distinct reference context ids that were retrieved.",
  reads: ["retrievedContextIds", "referenceContextIds"],
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({}),
});
