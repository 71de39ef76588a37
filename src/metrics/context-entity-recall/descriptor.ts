import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { judgeSettingsShape } from "../shared/judge/options.js";

/** `context_entity_recall`: share of the reference's named entities found in the retrieved contexts. */
export const contextEntityRecallDescriptor = defineMetric({
  id: "context_entity_recall",
  description:
    "Share of the reference's named entities that the retrieved contexts also name (Ragas' 1e-8 epsilon).",
  reads: ["reference", { field: "retrievedContexts", emptyList: "allowed" }],
  needsLlm: true,
  needsEmbeddings: false,
  options: z.object(judgeSettingsShape),
});
