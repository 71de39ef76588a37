import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { verdictOptionsShape } from "../shared/judge/choice-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";
import { prefillShape } from "../shared/judge/verdict-plan.js";

/** `context_recall`: share of the reference's statements that the retrieved contexts support. */
export const contextRecallDescriptor = defineMetric({
  id: "context_recall",
  description: "Share of the reference's statements that can be attributed to the retrieved contexts.",
  reads: ["userInput", "reference", { field: "retrievedContexts", emptyList: "allowed" }],
  needsLlm: true,
  needsEmbeddings: false,
  options: z.object({ ...judgeSettingsShape, ...verdictOptionsShape, ...prefillShape }),
});
