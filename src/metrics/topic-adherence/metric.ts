// Ragas' topic adherence: prompt.ts (topics, refusal, classification), judge.ts (the three steps), score.ts (the
// counts and precision / recall / F1 with Ragas' 1e-10), descriptor.ts (id, mode and judge options). The judge reads
// the conversation as ../shared/conversation/transcript.ts writes it.
import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import { ragasTranscript } from "../shared/conversation/transcript.js";
import type { MetricResult } from "../types.js";
import { topicAdherenceDescriptor } from "./descriptor.js";
import { judgeTopicAdherence, type TopicVerdict } from "./judge.js";
import { topicsPrompt, verdictPromptsFor } from "./prompt.js";
import { type TopicAdherenceMode, topicAdherence, topicCounts } from "./score.js";

/** Options of {@link TopicAdherenceScore}. */
export type TopicAdherenceOptions = MetricOptionsOf<typeof topicAdherenceDescriptor>;

type TopicInput = MetricInput<typeof topicAdherenceDescriptor>;

/**
 * Ragas `TopicAdherenceScore` (`topic_adherence`): does the assistant answer the topics it is meant for, and only
 * those? The judge lists the topics the human raised in `messages`, decides for each whether the assistant refused
 * it, and classifies each against `referenceTopics`. With tp = answered and on a reference topic, fp = answered and
 * off them, fn = refused though on them, the value is Ragas' precision tp / (tp + fp + 1e-10), recall
 * tp / (tp + fn + 1e-10) or F1 2pr / (p + r + 1e-10), as `mode` says (default F1). No topics in the conversation,
 * and no reference topics (an empty list), both give 0, as in Ragas.
 *
 * @example
 * const metric = new TopicAdherenceScore({ llm, mode: "precision" });
 * const { value } = await metric.score({ messages, referenceTopics: ["banking"] });
 */
export class TopicAdherenceScore extends JudgeMetric<TopicInput, typeof topicAdherenceDescriptor> {
  static readonly descriptor = topicAdherenceDescriptor;

  protected async compute(input: TopicInput, signal: AbortSignal | undefined): Promise<MetricResult> {
    const mode = this.options.mode;
    if (input.referenceTopics.length === 0) {
      // No topic can fall in a reference topic, so tp = 0 whatever the judge says: 0, as Ragas' 1e-10 makes it.
      return {
        value: 0,
        status: "ok",
        reason:
          "no reference topics, so no topic is on one and nothing adheres (Ragas gives 0); the judge was not asked",
        details: { mode, topics: [], truePositives: 0, falsePositives: 0, falseNegatives: 0 },
      };
    }
    const conversation = {
      transcript: ragasTranscript(input.messages),
      humanMessages: input.messages.filter((m) => m.role === "user").map((m) => m.content),
      referenceTopics: input.referenceTopics,
    };
    const j = await judgeTopicAdherence(this.llm, conversation, this.settings, signal, this.reading);
    const expected = this.reading.scoring === "expected";
    const answered = j.topics.map((t) =>
      expected ? 1 - t.refusal.weight! : t.refusal.refused === 1 ? 0 : 1,
    );
    const onTopic = j.topics.map((t) => (expected ? t.classification.weight! : t.classification.verdict));
    const counts = topicCounts(answered, onTopic);
    return {
      value: topicAdherence(counts, mode),
      status: "ok",
      reason: topicReason(j.topics, mode, expected),
      details: { mode, topics: j.topics, ...counts, usage: j.usage },
    };
  }

  protected override promptVersions(): Record<string, string> {
    const { refused, classify } = verdictPromptsFor(this.reading.reasons !== false);
    return {
      [topicsPrompt.name]: topicsPrompt.version,
      [refused.name]: refused.version,
      [classify.name]: classify.version,
    };
  }
}

/** The result's reason: how many topics were answered and how many fall in a reference topic. */
function topicReason(topics: readonly TopicVerdict[], mode: TopicAdherenceMode, expected: boolean): string {
  if (topics.length === 0)
    return "the judge found no topics in the human's messages, so nothing adheres (Ragas gives 0)";
  const answered = topics.filter((t) => t.refusal.refused === 0).length;
  const onReference = topics.filter((t) => t.classification.verdict === 1).length;
  return `${answered} of ${topics.length} topics answered, ${onReference} of ${topics.length} on a reference topic; ${mode}${expected ? " of the counts weighted by the judge's probabilities" : ""}`;
}
