import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { verdictOptionsShape } from "../shared/judge/choice-verdicts.js";
import { strictModeOption } from "../shared/judge/deepeval-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";

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
