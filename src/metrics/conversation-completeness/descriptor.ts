import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { verdictOptionsShape } from "../shared/judge/choice-verdicts.js";
import { strictModeOption } from "../shared/judge/deepeval-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";

/** Catalog entry of DeepEval's `ConversationCompletenessMetric`; opt-in. */
export const conversationCompletenessDescriptor = defineMetric({
  id: "conversation_completeness",
  description:
    "DeepEval's conversation completeness: the share of the user's intentions, read from the conversation by the judge, that the assistant satisfied.",
  requiredFields: ["messages"],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  options: z.object({ ...judgeSettingsShape, ...verdictOptionsShape, strictMode: strictModeOption }),
});
