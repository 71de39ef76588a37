import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { choiceOptionsShape } from "../shared/judge/choice-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";

/** `nv_response_groundedness`: two 0/1/2 ratings of how well the contexts support the response, averaged and scaled. */
export const nvResponseGroundednessDescriptor = defineMetric({
  id: "nv_response_groundedness",
  description:
    "Mean of two judge ratings (0, 1 or 2) of how far the retrieved contexts support the response, divided by 2.",
  reads: ["response", { field: "retrievedContexts", emptyList: "allowed" }],
  needsLlm: true,
  needsEmbeddings: false,
  options: z.object({
    ...judgeSettingsShape,
    ...choiceOptionsShape,
    /**
     * Score 1 without asking the judge when the response appears word for word in the joined contexts, as Ragas' legacy class does; false asks the judge, as ragas.metrics.collections does.
     * A verbatim quote can still be taken out of its context. Defaults to false.
     */
    verbatimShortcut: z
      .boolean()
      .default(false)
      .describe(
        "Score 1 without asking the judge when the response appears word for word in the joined contexts, as Ragas' legacy class does; false asks the judge, as ragas.metrics.collections does.",
      ),
  }),
});
