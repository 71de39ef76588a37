import { z } from "zod";
import { defineMetric } from "../descriptor.js";

/** Catalog entry of Ragas `id_based_context_precision`. */
export const idBasedContextPrecisionDescriptor = defineMetric({
  id: "id_based_context_precision",
  description: "Share of distinct retrieved context ids that are reference context ids.",
  reads: ["retrievedContextIds", "referenceContextIds"],
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({}),
});
