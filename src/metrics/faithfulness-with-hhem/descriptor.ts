import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { judgeSettingsShape } from "../shared/judge/options.js";
import { DEFAULT_NLI_VERIFIER, SUPPORT_TASKS } from "../shared/verifier/defaults.js";
import {
  aggregateOption,
  defaultedVerifierOption,
  probabilityThreshold,
  verifierThreadsShape,
} from "../shared/verifier/options.js";

/** Catalog entry of `faithfulness_with_hhem` (Ragas `FaithfulnesswithHHEM`). */
export const faithfulnessWithHhemDescriptor = defineMetric({
  id: "faithfulness_with_hhem",
  description:
    "Ragas' faithfulness with HHEM: the judge breaks the response into statements, and a local verifier (HHEM or NLI) decides each against the retrieved contexts.",
  reads: ["userInput", "response", "retrievedContexts"],
  needsLlm: true,
  needsEmbeddings: false,
  needsVerifier: SUPPORT_TASKS,
  optIn: true,
  surfaces: { ragasAliases: ["FaithfulnesswithHHEM"] },
  options: z.object({
    ...judgeSettingsShape,
    /**
     * The consistency (HHEM) or NLI verifier that decides each statement: a models.json id or a model directory,
     * loaded on first use and shared process-wide, or a loaded Verifier. Defaults to "nli-deberta-v3-small".
     * HHEM-2.1-Open, which Ragas runs, is a directory you export (docs/verifiers.md).
     */
    verifier: defaultedVerifierOption(
      DEFAULT_NLI_VERIFIER,
      "The consistency (HHEM) or NLI verifier that decides each statement",
    ),
    ...verifierThreadsShape,
    /**
     * A statement is supported when the verifier's probability is at least this (Ragas rounds HHEM's score, so it
     * counts above 0.5). Defaults to 0.5.
     */
    threshold: probabilityThreshold.describe(
      "A statement is supported when the verifier's probability is at least this (Ragas rounds HHEM's score, so it counts above 0.5). Defaults to 0.5.",
    ),
    /**
     * The value: "share" of supported statements at or above the threshold, or "mean" probability; details carry
     * both. Defaults to "share".
     */
    aggregate: aggregateOption("supported statements"),
  }),
});
