import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { reasonsShape } from "../shared/judge/choice-verdicts.js";
import { embeddingsOption, judgeSettingsShape } from "../shared/judge/options.js";

/** `answer_correctness`: factuality F-beta against the reference, blended with semantic similarity. */
export const answerCorrectnessDescriptor = defineMetric({
  id: "answer_correctness",
  description:
    "Weighted mean of the factuality F-beta (response vs reference statements, TP/FP/FN) and the embeddings' cosine.",
  requiredFields: ["userInput", "response", "reference"],
  needsLlm: true,
  needsEmbeddings: true,
  options: z.object({
    weights: z
      .tuple([z.number().min(0), z.number().min(0)])
      .refine(([f, s]) => f > 0 || s > 0, "must not both be 0; give e.g. [1, 0] for factuality alone")
      .default([0.75, 0.25])
      .describe("[factuality, similarity] weights of the blend."),
    beta: z.number().positive().default(1).describe("F-beta's beta: > 1 favours recall."),
    ...judgeSettingsShape,
    ...reasonsShape,
    // The embedder is needed only for the similarity part, so it is an option here, not a required model.
    embeddings: embeddingsOption
      .optional()
      .describe("Embedder of the similarity part; unset only with weights [1, 0]."),
  }),
});
