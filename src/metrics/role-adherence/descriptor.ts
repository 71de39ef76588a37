import { defineMetric } from "../descriptor.js";
import { deepEvalJudgeOptions } from "../shared/judge/deepeval-verdicts.js";

/** Catalog entry of DeepEval's `RoleAdherenceMetric`; opt-in. */
export const roleAdherenceDescriptor = defineMetric({
  id: "role_adherence",
  description:
    "DeepEval's role adherence: the share of assistant replies the judge finds in character for the row's chatbot role.",
  reads: ["messages", "chatbotRole"],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  options: deepEvalJudgeOptions,
});
