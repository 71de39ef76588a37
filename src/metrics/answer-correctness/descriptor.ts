import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { reasonsShape } from "../shared/judge/choice-verdicts.js";
import { embeddingsOption, judgeSettingsShape } from "../shared/judge/options.js";

/** `answer_correctness`: factuality F-beta against the reference, blended with semantic similarity. */
export const answerCorrectnessDescriptor = defineMetric({
  id: "answer_correctness",
  description:
    "Weighted mean of the factuality F-beta (response vs reference statements, TP/FP/FN) and the embeddings' cosine.",
  reads: ["userInput", "response", "reference"],
  needsLlm: true,
  needsEmbeddings: true,
  options: z.object({
    /**
     * [factuality, similarity] weights of the blend.
     * Divided by their sum; non-negative, not both 0 (`[1, 0]` is factuality alone, with no embedder). Defaults to
     * [0.75, 0.25].
     */
    weights: z
      .tuple([z.number().min(0), z.number().min(0)])
      .readonly()
      .refine(([f, s]) => f > 0 || s > 0, "must not both be 0; give e.g. [1, 0] for factuality alone")
      .default([0.75, 0.25])
      .describe("[factuality, similarity] weights of the blend."),
    /** F-beta's beta: > 1 favours recall. Below 1 favours precision. Defaults to 1. */
    beta: z.number().positive().default(1).describe("F-beta's beta: > 1 favours recall."),
    ...judgeSettingsShape,
    ...reasonsShape,
    // The embedder is needed only for the similarity part, so it is an option here, not a required model.
    /** Embedder of the similarity part; unset only with weights [1, 0]. Defaults to none. */
    embeddings: embeddingsOption
      .optional()
      .describe("Embedder of the similarity part; unset only with weights [1, 0]."),
  }),
});
