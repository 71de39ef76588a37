import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { judgeSettingsShape } from "../shared/judge/options.js";
import { DEFAULT_NLI_VERIFIER, SUPPORT_TASKS } from "../shared/verifier/defaults.js";
import { aggregateOption, probabilityThreshold, verifierShape } from "../shared/verifier/options.js";

/** Catalog entry of `faithfulness_with_hhem` (Ragas `FaithfulnesswithHHEM`). */
export const faithfulnessWithHhemDescriptor = defineMetric({
  id: "faithfulness_with_hhem",
  description:
    "Ragas' faithfulness with HHEM: the judge breaks the response into statements, and a local verifier (HHEM or NLI) decides each against the retrieved contexts.",
  requiredFields: ["userInput", "response", "retrievedContexts"],
  needsLlm: true,
  needsEmbeddings: false,
  needsVerifier: SUPPORT_TASKS,
  optIn: true,
  surfaces: { ragasAliases: ["FaithfulnesswithHHEM"] },
  options: z.object({
    ...judgeSettingsShape,
    ...verifierShape(DEFAULT_NLI_VERIFIER),
    threshold: probabilityThreshold.describe(
      "A statement is supported when the verifier's probability is at least this (Ragas rounds HHEM's score, so it counts above 0.5). Defaults to 0.5.",
    ),
    aggregate: aggregateOption("supported statements"),
  }),
});
