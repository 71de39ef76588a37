import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { deepEvalRagOptionsShape } from "../shared/judge/deepeval-rag/options.js";

/** Catalog entry of DeepEval's `ContextualRecallMetric`; opt-in (Ragas' context recall is the default). */
export const contextualRecallDescriptor = defineMetric({
  id: "deepeval_contextual_recall",
  description:
    "DeepEval's contextual recall: the share of the reference's sentences the judge can attribute to the retrieved contexts (0 when there is none).",
  reads: ["reference", { field: "retrievedContexts", emptyList: "allowed" }],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  options: z.object(deepEvalRagOptionsShape),
});
