import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { verdictOptionsShape } from "../shared/choice-verdicts.js";
import { strictModeOption } from "../shared/conversation/deepeval-verdicts.js";
import { judgeSettingsShape } from "../shared/options.js";

/** Catalog entry of DeepEval's `RoleAdherenceMetric`; opt-in. */
export const roleAdherenceDescriptor = defineMetric({
  id: "role_adherence",
  description:
    "DeepEval's role adherence: the share of assistant replies the judge finds in character for the row's chatbot role.",
  requiredFields: ["messages", "chatbotRole"],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  options: z.object({ ...judgeSettingsShape, ...verdictOptionsShape, strictMode: strictModeOption }),
});
