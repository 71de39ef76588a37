import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { choiceOptionsShape } from "../shared/judge/choice-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";

/** `nv_context_relevance`: two 0/1/2 ratings of the contexts' relevance to the question, averaged and scaled. */
export const nvContextRelevanceDescriptor = defineMetric({
  id: "nv_context_relevance",
  description:
    "Mean of two judge ratings (0, 1 or 2) of how relevant the retrieved contexts are, divided by 2.",
  reads: ["userInput", { field: "retrievedContexts", emptyList: "allowed" }],
  needsLlm: true,
  needsEmbeddings: false,
  options: z.object({ ...judgeSettingsShape, ...choiceOptionsShape }),
});
