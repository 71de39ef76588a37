import { defineMetric } from "../descriptor.js";
import { answerRelevancyOptionsSchema } from "./options.js";

/** Catalog entry of `answer_relevancy`. */
export const answerRelevancyDescriptor = defineMetric({
  id: "answer_relevancy",
  description:
    "Mean cosine similarity of the question and questions the judge writes from the response; 0 when it is noncommittal.",
  reads: ["userInput", "response"],
  needsLlm: true,
  needsEmbeddings: true,
  valueRange: [-1, 1],
  options: answerRelevancyOptionsSchema,
  surfaces: { ragasAliases: ["ResponseRelevancy"], apiGroup: "judge-metrics-core" },
});
