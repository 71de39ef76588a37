import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { verdictOptionsShape } from "../shared/choice-verdicts.js";
import { strictModeOption } from "../shared/conversation/deepeval-verdicts.js";
import { judgeSettingsShape } from "../shared/options.js";

/** Catalog entry of DeepEval's `KnowledgeRetentionMetric`; opt-in. */
export const knowledgeRetentionDescriptor = defineMetric({
  id: "knowledge_retention",
  description:
    "DeepEval's knowledge retention: the share of assistant replies, after the user has given facts, that neither forget nor contradict them.",
  requiredFields: ["messages"],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  options: z.object({ ...judgeSettingsShape, ...verdictOptionsShape, strictMode: strictModeOption }),
});
