import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { verdictOptionsShape } from "../shared/judge/choice-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";

/** The reference, which precision is judged against; without one, context_utilization judges against the response. */
const referenceOrUtilization = {
  field: "reference",
  ifMissing: "or use context_utilization to judge against the response",
} as const;

/** `context_precision`: average precision of the retrieved contexts, each judged useful for the reference or not. */
export const contextPrecisionDescriptor = defineMetric({
  id: "context_precision",
  description:
    "Average precision of the retrieved contexts in rank order, each judged useful (1) or not (0) for reaching the reference.",
  reads: ["userInput", referenceOrUtilization, { field: "retrievedContexts", emptyList: "allowed" }],
  needsLlm: true,
  needsEmbeddings: false,
  options: z.object({ ...judgeSettingsShape, ...verdictOptionsShape }),
});

/** `context_utilization`: context precision judged against the response (no reference needed). */
export const contextUtilizationDescriptor = defineMetric({
  id: "context_utilization",
  description:
    "Average precision of the retrieved contexts in rank order, each judged useful (1) or not (0) for the response.",
  reads: ["userInput", "response", { field: "retrievedContexts", emptyList: "allowed" }],
  needsLlm: true,
  needsEmbeddings: false,
  options: z.object({ ...judgeSettingsShape, ...verdictOptionsShape }),
});

/** `llm_context_precision_with_reference`: Ragas' long id of `context_precision` (same numbers; opt-in). */
export const llmContextPrecisionWithReferenceDescriptor = defineMetric({
  id: "llm_context_precision_with_reference",
  description: "Same as context_precision, under Ragas' long id.",
  reads: ["userInput", referenceOrUtilization, { field: "retrievedContexts", emptyList: "allowed" }],
  needsLlm: true,
  needsEmbeddings: false,
  options: z.object({ ...judgeSettingsShape, ...verdictOptionsShape }),
  optIn: true,
});

/** `llm_context_precision_without_reference`: Ragas' long id of `context_utilization` (same numbers; opt-in). */
export const llmContextPrecisionWithoutReferenceDescriptor = defineMetric({
  id: "llm_context_precision_without_reference",
  description: "Same as context_utilization, under Ragas' long id.",
  reads: ["userInput", "response", { field: "retrievedContexts", emptyList: "allowed" }],
  needsLlm: true,
  needsEmbeddings: false,
  options: z.object({ ...judgeSettingsShape, ...verdictOptionsShape }),
  optIn: true,
});
