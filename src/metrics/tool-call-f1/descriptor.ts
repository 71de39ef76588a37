import { z } from "zod";
import { defineMetric } from "../descriptor.js";

/** Catalog entry of Ragas `ToolCallF1`. */
export const toolCallF1Descriptor = defineMetric({
  id: "tool_call_f1",
  description:
    "Ragas' tool call F1: F1 of the set of (name, arguments) calls made against the set expected, rounded to 4 decimals.",
  reads: ["messages", "referenceToolCalls"],
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({}),
});
