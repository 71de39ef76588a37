import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { deepEvalRagOptionsShape } from "../shared/judge/deepeval-rag/options.js";

/** Catalog entry of DeepEval's `ContextualRelevancyMetric`; opt-in (Ragas' context relevance is the default). */
export const contextualRelevancyDescriptor = defineMetric({
  id: "deepeval_contextual_relevancy",
  description:
    "DeepEval's contextual relevancy: the share of the statements in the retrieved contexts the judge finds relevant to the question (0 when there is none).",
  reads: ["userInput", "retrievedContexts"],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  options: z.object(deepEvalRagOptionsShape),
});
