import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { DEFAULT_NLI_VERIFIER, SUPPORT_TASKS } from "../shared/verifier/defaults.js";
import {
  aggregateOption,
  defaultedVerifierOption,
  probabilityThreshold,
  verifierThreadsShape,
} from "../shared/verifier/options.js";

/** Catalog entry of `verifier_faithfulness`. */
export const verifierFaithfulnessDescriptor = defineMetric({
  id: "verifier_faithfulness",
  description:
    "Share of the response's sentences that a local verifier (HHEM or NLI) finds supported by a retrieved-context window.",
  reads: ["response", "retrievedContexts"],
  needsLlm: false,
  needsEmbeddings: false,
  needsVerifier: SUPPORT_TASKS,
  optIn: true,
  options: z.object({
    /**
     * The consistency or NLI verifier: a models.json id or a model directory, loaded on first use and shared
     * process-wide, or a loaded Verifier. Defaults to "nli-deberta-v3-small". An HHEM export is a directory
     * (docs/verifiers.md).
     */
    verifier: defaultedVerifierOption(DEFAULT_NLI_VERIFIER, "The consistency or NLI verifier"),
    ...verifierThreadsShape,
    /** A sentence is supported when its best window's probability is at least this. Defaults to 0.5. */
    threshold: probabilityThreshold.describe(
      "A sentence is supported when its best window's probability is at least this. Defaults to 0.5.",
    ),
    /**
     * The value: "share" of supported sentences at or above the threshold, or "mean" probability; details carry
     * both. Defaults to "share".
     */
    aggregate: aggregateOption("supported sentences"),
  }),
});
