// Ragas' topic adherence: prompt.ts (topics, refusal, classification), judge.ts (the three steps), score.ts (the
// counts and precision / recall / F1 with Ragas' 1e-10), descriptor.ts (id, mode and judge options). The judge reads
// the conversation as ../shared/conversation/transcript.ts writes it.
import { InvalidInputError } from "../../errors.js";
import { sampleConversation } from "../../sample/conversation/sample-inputs.js";
import { fieldHint } from "../../sample/field-table.js";
import { requireText } from "../../sample/validate.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import { judgeTranscript } from "../shared/conversation/transcript.js";
import type { ChoiceOptions, ReasonsOptions } from "../shared/judge/choice-verdicts.js";
import type { JudgeMetricOptions } from "../shared/judge/options.js";
import type { MetricResult, Sample } from "../types.js";
import { topicAdherenceDescriptor } from "./descriptor.js";
import { judgeTopicAdherence, type TopicVerdict } from "./judge.js";
import { topicsPrompt, verdictPromptsFor } from "./prompt.js";
import { type TopicAdherenceMode, topicAdherence, topicCounts } from "./score.js";

/** Options of {@link TopicAdherenceScore}. */
export interface TopicAdherenceOptions extends JudgeMetricOptions, ChoiceOptions, ReasonsOptions {
  /**
   * What the score is (Ragas `mode`): `"precision"` (answered topics on a reference topic, of all answered topics),
   * `"recall"` (answered on-reference topics, of all on-reference topics raised) or `"f1"`. Defaults to "f1".
   */
  mode?: TopicAdherenceMode;
}

interface TopicInput {
  transcript: string;
  /** The human's messages, whose words bound the topic list. */
  humanMessages: string[];
  referenceTopics: string[];
}

/**
 * `referenceTopics`: a list of non-empty texts (empty: no topic is on a reference topic), or an
 * `InvalidInputError` naming the row and item.
 */
function sampleReferenceTopics(sample: Sample, row: number | undefined): string[] {
  const where = { field: "referenceTopics", row };
  const value: unknown = sample.referenceTopics;
  const hint = fieldHint("referenceTopics");
  if (value === undefined || value === null) throw new InvalidInputError(`is missing; ${hint}`, where);
  if (!Array.isArray(value)) {
    throw new InvalidInputError(`must be a list of topics, e.g. ["billing", "refunds"]; ${hint}`, where);
  }
  return value.map((topic: unknown, i) =>
    requireText(topic, { field: `referenceTopics[${i}]`, row }, "every topic must be a non-empty string"),
  );
}

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
export class TopicAdherenceScore extends JudgeMetric<TopicInput, typeof topicAdherenceDescriptor.options> {
  static readonly descriptor = topicAdherenceDescriptor;

  constructor(options: TopicAdherenceOptions) {
    super(options);
  }

  protected override validate(sample: Sample, row: number | undefined): TopicInput {
    const messages = sampleConversation(sample, "messages", row);
    return {
      transcript: judgeTranscript(messages, row),
      humanMessages: messages.filter((m) => m.role === "user").map((m) => m.content),
      referenceTopics: sampleReferenceTopics(sample, row),
    };
  }

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
    const j = await judgeTopicAdherence(this.llm, input, this.settings, signal, this.reading);
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

  protected override metricOptions(): Record<string, string> {
    return { mode: this.options.mode };
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
