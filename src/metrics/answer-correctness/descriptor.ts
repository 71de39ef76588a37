import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { reasonsOption } from "../shared/choice-verdicts.js";
import { AnswerCorrectness } from "./metric.js";

/** `answer_correctness`: factuality F-beta against the reference, blended with semantic similarity. */
export const answerCorrectnessDescriptor = defineMetric({
  id: "answer_correctness",
  surfaces: { ragas: "AnswerCorrectness" },
  description:
    "Weighted mean of the factuality F-beta (response vs reference statements, TP/FP/FN) and the embeddings' cosine.",
  requiredFields: ["userInput", "response", "reference"],
  needsLlm: true,
  needsEmbeddings: true,
  options: z.object({
    weights: z.tuple([z.number().min(0), z.number().min(0)]).default([0.75, 0.25]),
    beta: z.number().positive().default(1),
    reasons: reasonsOption,
  }),
  create: (models, options) =>
    new AnswerCorrectness({
      llm: models.llm!,
      embeddings: models.embeddings,
      weights: options.weights,
      beta: options.beta,
      reasons: options.reasons,
    }),
});
