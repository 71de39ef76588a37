import { z } from "zod";
import { defineMetric } from "../descriptor.js";

/** Catalog entry of Ragas `ToolCallAccuracy`. */
export const toolCallAccuracyDescriptor = defineMetric({
  id: "tool_call_accuracy",
  description:
    "Ragas' tool call accuracy: the share of reference tool calls matched by name in order, each weighted by its share of arguments equal as Python strings; 0 when the sequences of names differ.",
  reads: ["messages", "referenceToolCalls"],
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({
    /** Compare the calls in the order made (Ragas strict_order=True); false sorts both lists by name and arguments first. Defaults to true. */
    strictOrder: z
      .boolean()
      .default(true)
      .describe(
        "Compare the calls in the order made (Ragas strict_order=True); false sorts both lists by name and arguments first. Defaults to true.",
      ),
  }),
});
