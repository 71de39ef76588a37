import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { verdictOptionsShape } from "../shared/judge/choice-verdicts.js";
import { strictModeOption } from "../shared/judge/deepeval-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";

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
