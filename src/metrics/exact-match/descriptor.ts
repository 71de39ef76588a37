import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { ExactMatch } from "./metric.js";

/** Catalog entry of Ragas `exact_match`. */
export const exactMatchDescriptor = defineMetric({
  id: "exact_match",
  description: "1 when the response equals the reference exactly, else 0.",
  requiredFields: ["response", "reference"],
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({}),
  create: () => new ExactMatch(),
});
