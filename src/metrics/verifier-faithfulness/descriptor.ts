import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { DEFAULT_NLI_VERIFIER, SUPPORT_TASKS } from "../shared/verifier/defaults.js";
import { aggregateOption, probabilityThreshold, verifierShape } from "../shared/verifier/options.js";

/** Catalog entry of `verifier_faithfulness`. */
export const verifierFaithfulnessDescriptor = defineMetric({
  id: "verifier_faithfulness",
  description:
    "Share of the response's sentences that a local verifier (HHEM or NLI) finds supported by a retrieved-context window.",
  requiredFields: ["response", "retrievedContexts"],
  needsLlm: false,
  needsEmbeddings: false,
  needsVerifier: SUPPORT_TASKS,
  optIn: true,
  options: z.object({
    ...verifierShape(DEFAULT_NLI_VERIFIER),
    threshold: probabilityThreshold.describe(
      "A sentence is supported when its best window's probability is at least this. Defaults to 0.5.",
    ),
    aggregate: aggregateOption("supported sentences"),
  }),
});
