import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { dagOptionsSchema } from "../shared/judge/dag/options.js";

/** The turn fields a conversational node shows the judge, DeepEval's `MultiTurnParams` our turns hold. */
export const turnFieldsSchema = z
  .array(z.enum(["role", "content"]))
  .min(1, { error: "list at least one turn field: role, content" })
  .refine((fields) => new Set(fields).size === fields.length, { error: "lists a field twice" });

/** `conversational_dag`: DeepEval's ConversationalDAGMetric, a decision graph over a conversation; opt-in. */
export const conversationalDagDescriptor = defineMetric({
  id: "conversational_dag",
  description:
    "DeepEval's conversational DAG metric: a decision graph you define over the whole conversation (tasks, yes/no and one-of-N judgements) whose verdict leaves carry your scores, 0 to 10, as score / 10.",
  reads: [{ field: "messages", judgeReadable: true }],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  valueRange: [0, 1],
  definable: true,
  options: dagOptionsSchema(turnFieldsSchema),
});
