import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { verdictOptionsShape } from "../shared/judge/choice-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";

/**
 * `topic_adherence` (Ragas `TopicAdherenceScore`): does the agent answer the topics it should and only those?
 * Opt-in: it reads a whole conversation with a judge, so the judge-free agent metrics stay the default on
 * conversation datasets.
 */
export const topicAdherenceDescriptor = defineMetric({
  id: "topic_adherence",
  description:
    "Ragas' topic adherence: precision, recall or F1 of the conversation's answered topics against the reference topics, topics and verdicts from the judge.",
  reads: [{ field: "messages", judgeReadable: true }, "referenceTopics"],
  needsLlm: true,
  needsEmbeddings: false,
  valueRange: [0, 1],
  options: z.object({
    ...judgeSettingsShape,
    ...verdictOptionsShape,
    /** What the score is (Ragas mode): "precision" (answered topics that are on a reference topic, of all answered), "recall" (answered on-reference topics, of all on-reference topics asked) or "f1" (their harmonic mean). Defaults to "f1". */
    mode: z
      .enum(["precision", "recall", "f1"])
      .default("f1")
      .describe(
        'What the score is (Ragas mode): "precision" (answered topics that are on a reference topic, of all answered), "recall" (answered on-reference topics, of all on-reference topics asked) or "f1" (their harmonic mean). Defaults to "f1".',
      ),
  }),
  optIn: true,
});
