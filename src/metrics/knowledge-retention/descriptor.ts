import { defineMetric } from "../descriptor.js";
import { deepEvalJudgeOptions } from "../shared/judge/deepeval-verdicts.js";

/** Catalog entry of DeepEval's `KnowledgeRetentionMetric`; opt-in. */
export const knowledgeRetentionDescriptor = defineMetric({
  id: "knowledge_retention",
  description:
    "DeepEval's knowledge retention: the share of assistant replies, after the user has given facts, that neither forget nor contradict them.",
  reads: ["messages"],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  options: deepEvalJudgeOptions,
});
