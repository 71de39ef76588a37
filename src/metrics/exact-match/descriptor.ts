import { z } from "zod";
import { defineMetric, responseAndReferenceStrings } from "../descriptor.js";

/** Catalog entry of Ragas `exact_match`. */
export const exactMatchDescriptor = defineMetric({
  id: "exact_match",
  description: "1 when the response equals the reference exactly, else 0.",
  reads: responseAndReferenceStrings,
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({}),
});

/** Catalog entry of Haystack's answer exact match; opt-in because it equals `exact_match`. */
export const answerExactMatchDescriptor = defineMetric({
  id: "answer_exact_match",
  surfaces: { haystack: "AnswerExactMatchEvaluator" },
  description: "Haystack's answer exact match: 1 when the response equals the reference exactly, else 0.",
  reads: responseAndReferenceStrings,
  needsLlm: false,
  needsEmbeddings: false,
  optIn: true,
  options: z.object({}),
});
