import { defineMetric } from "../descriptor.js";
import { faithfulnessOptionsSchema } from "./options.js";

/** Catalog entry of `faithfulness`. */
export const faithfulnessDescriptor = defineMetric({
  id: "faithfulness",
  description: "Share of the response's statements that the retrieved contexts support (judge).",
  reads: ["userInput", "response", "retrievedContexts"],
  needsLlm: true,
  needsEmbeddings: false,
  options: faithfulnessOptionsSchema,
  surfaces: { haystack: "FaithfulnessEvaluator", apiGroup: "judge-metrics-core" },
});
