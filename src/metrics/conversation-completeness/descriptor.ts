import { defineMetric } from "../descriptor.js";
import { deepEvalJudgeOptions } from "../shared/judge/deepeval-verdicts.js";

/** Catalog entry of DeepEval's `ConversationCompletenessMetric`; opt-in. */
export const conversationCompletenessDescriptor = defineMetric({
  id: "conversation_completeness",
  description:
    "DeepEval's conversation completeness: the share of the user's intentions, read from the conversation by the judge, that the assistant satisfied.",
  reads: ["messages"],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  options: deepEvalJudgeOptions,
});
