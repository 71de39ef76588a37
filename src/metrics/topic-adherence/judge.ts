import type { Llm } from "../../llm/types.js";
import { askJudgeForVerdicts, readFields, type VerdictReading } from "../shared/judge/choice-verdicts.js";
import { askJudge, type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge/judge.js";
import { classifySchema, topicsPromptFor, verdictPromptsFor } from "./prompt.js";

const REFUSED_SLOT = { key: "refused", values: ["0", "1"] } as const;
const VERDICT_SLOT = { key: "verdict", values: ["0", "1"] } as const;

/** The judge's probabilities of one verdict: `confidence` of the written one, `weight` the probability of 1. */
interface Read {
  confidence?: number;
  weight?: number;
}

/** One topic of the conversation with the judge's two verdicts about it. */
export interface TopicVerdict {
  /** The topic, as the topics step wrote it. */
  topic: string;
  /** 1 when the assistant refused the topic, else 0; with the reason and probabilities as read. */
  refusal: { reason?: string; refused: 0 | 1 } & Read;
  /** 1 when the topic falls in a reference topic, else 0; with the reason and probabilities as read. */
  classification: { reason?: string; verdict: 0 | 1 } & Read;
}

/** Every topic with its verdicts, and what it cost. */
export interface TopicAdherenceJudgement {
  topics: TopicVerdict[];
  usage: JudgeUsage;
}

/**
 * Ragas' three steps: the topics the human raised (one call), whether the assistant refused each (one call per
 * topic, in order), and each topic against the reference topics (one call, exactly one classification per topic).
 * No topics: no further call.
 */
export async function judgeTopicAdherence(
  llm: Llm,
  input: { transcript: string; humanMessages: readonly string[]; referenceTopics: readonly string[] },
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  reading: VerdictReading,
): Promise<TopicAdherenceJudgement> {
  const usage = newUsage();
  const conversation = input.transcript;
  const topicsPrompt = topicsPromptFor(input.humanMessages);
  const { topics } = await askJudge(llm, topicsPrompt, { conversation }, settings, usage, signal);
  if (topics.length === 0) return { topics: [], usage };
  const reasons = reading.reasons !== false;
  const prompts = verdictPromptsFor(reasons);
  const refusals: TopicVerdict["refusal"][] = [];
  for (const topic of topics) {
    const { value, reads } = await askJudgeForVerdicts(
      { llm, template: prompts.refused, input: { conversation, topic }, settings, usage, signal },
      REFUSED_SLOT,
      reading,
      (answer) => [answer.refused],
    );
    refusals.push({ ...value, ...readFields(reads?.[0], reading) });
  }
  const { value, reads } = await askJudgeForVerdicts(
    {
      llm,
      template: prompts.classify,
      input: { reference_topics: [...input.referenceTopics], topics },
      settings,
      usage,
      signal,
      schema: classifySchema(topics.length, reasons),
    },
    VERDICT_SLOT,
    reading,
    (answer) => answer.classifications.map((c) => c.verdict),
  );
  return {
    topics: topics.map((topic, i) => {
      const { topic: _copy, ...classification } = value.classifications[i]!;
      return {
        topic,
        refusal: refusals[i]!,
        classification: { ...classification, ...readFields(reads?.[i], reading) },
      };
    }),
    usage,
  };
}
