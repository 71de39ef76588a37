import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { deepEvalRagOptionsShape } from "../shared/judge/deepeval-rag/options.js";

/** Catalog entry of DeepEval's `AnswerRelevancyMetric`; opt-in (Ragas' answer relevancy is the default). */
export const deepEvalAnswerRelevancyDescriptor = defineMetric({
  id: "deepeval_answer_relevancy",
  description:
    "DeepEval's answer relevancy: the share of the response's statements the judge finds relevant or borderline to the question (1 when there is none).",
  reads: ["userInput", "response"],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  options: z.object(deepEvalRagOptionsShape),
});
