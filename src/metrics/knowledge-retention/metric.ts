// DeepEval `KnowledgeRetentionMetric`: descriptor.ts (id knowledge_retention, options), score.ts (which turns are
// judged, the retained share), prompt.ts (facts per user message, the verdict per assistant message), judge.ts.

import type { DeepEvalTurn } from "../../sample/conversation/deepeval-turns.js";
import type { MetricInput } from "../descriptor.js";
import { DeepEvalTurnsMetric, type PassJudgement } from "../shared/base/deepeval-turns-metric.js";
import { knowledgeRetentionDescriptor } from "./descriptor.js";
import { judgeKnowledgeRetention } from "./judge.js";
import { knowledgePrompt, retentionPromptFor } from "./prompt.js";
import { knowledgeRetention } from "./score.js";

/**
 * DeepEval `KnowledgeRetentionMetric` (`knowledge_retention`): the judge lists the facts each user message of
 * `messages` gives (one call per user message, with the turns before it), then judges each assistant reply that
 * follows at least one fact: 1 when it keeps to every fact given before it, 0 when it forgets (asks again) or
 * contradicts one (DeepEval's attrition). The score is the retained share, 1 when no reply is judged; `strictMode`
 * gives 0 below 1. `details.knowledge` and `details.verdicts` name the messages by their index in `messages`.
 *
 * @example
 * const { value } = await new KnowledgeRetention({ llm }).score({
 *   messages: [
 *     { role: "user", content: "I live in Oslo." }, { role: "assistant", content: "Noted." },
 *     { role: "user", content: "Weather tomorrow?" }, { role: "assistant", content: "Which city do you live in?" },
 *   ],
 * });
 */
export class KnowledgeRetention extends DeepEvalTurnsMetric<
  MetricInput<typeof knowledgeRetentionDescriptor>,
  typeof knowledgeRetentionDescriptor
> {
  static readonly descriptor = knowledgeRetentionDescriptor;

  protected async judge(turns: DeepEvalTurn[], signal: AbortSignal | undefined): Promise<PassJudgement> {
    const j = await judgeKnowledgeRetention(this.llm, turns, this.settings, signal, this.reading);
    return { verdicts: j.verdicts, usage: j.usage, extra: { knowledge: j.knowledge } };
  }

  protected formula(passes: readonly number[], strict: boolean): number {
    return knowledgeRetention(passes, strict);
  }

  protected reasonFor(passed: number, total: number): string {
    return total === 0
      ? "no assistant reply follows a fact the user gave, so nothing could be forgotten"
      : `${passed} of ${total} assistant replies after the user's facts keep to them`;
  }

  protected override promptVersions(): Record<string, string> {
    const verdict = retentionPromptFor(this.reading.reasons !== false);
    return { [knowledgePrompt.name]: knowledgePrompt.version, [verdict.name]: verdict.version };
  }
}
