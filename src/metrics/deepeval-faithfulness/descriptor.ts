import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { deepEvalRagOptionsShape } from "../shared/judge/deepeval-rag/options.js";

/** Catalog entry of DeepEval's `FaithfulnessMetric`; opt-in (Ragas' faithfulness is the default). */
export const deepEvalFaithfulnessDescriptor = defineMetric({
  id: "deepeval_faithfulness",
  description:
    "DeepEval's faithfulness: the share of the response's claims the truths of the retrieved contexts do not contradict (1 when there is none).",
  reads: ["userInput", "response", { field: "retrievedContexts", emptyList: "allowed" }],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  options: z.object({
    ...deepEvalRagOptionsShape,
    /**
     * Most truths the judge may list per retrieved context (DeepEval truths_extraction_limit; here a grammar bound of limit × contexts, within the statement lists' bound of one per word of the passages and 32 in all); unset lists the truths up to that bound.
     * Defaults to unset: the truths up to the statement lists' bound.
     */
    truthsExtractionLimit: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe(
        "Most truths the judge may list per retrieved context (DeepEval truths_extraction_limit; here a grammar bound of limit × contexts, within the statement lists' bound of one per word of the passages and 32 in all); unset lists the truths up to that bound.",
      ),
    /**
     * Count borderline claims (not backed by the truths, not contradicted) as unfaithful (DeepEval penalize_ambiguous_claims). Defaults to false.
     */
    penalizeAmbiguousClaims: z
      .boolean()
      .default(false)
      .describe(
        "Count borderline claims (not backed by the truths, not contradicted) as unfaithful (DeepEval penalize_ambiguous_claims). Defaults to false.",
      ),
  }),
});
