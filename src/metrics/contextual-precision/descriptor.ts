import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { deepEvalRagOptionsShape } from "../shared/judge/deepeval-rag/options.js";

/** Catalog entry of DeepEval's `ContextualPrecisionMetric`; opt-in (Ragas' context precision is the default). */
export const contextualPrecisionDescriptor = defineMetric({
  id: "deepeval_contextual_precision",
  description:
    "DeepEval's contextual precision: weighted cumulative precision of the retrieved contexts the judge finds useful for the reference, in retrieval order (0 when none is).",
  reads: ["userInput", "reference", { field: "retrievedContexts", emptyList: "allowed" }],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  options: z.object(deepEvalRagOptionsShape),
});
