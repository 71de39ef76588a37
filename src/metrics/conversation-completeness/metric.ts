// DeepEval `ConversationCompletenessMetric`: descriptor.ts (id conversation_completeness, options), score.ts (the
// satisfied share), prompt.ts (the intentions, the verdict per intention), judge.ts.

import type { DeepEvalTurn } from "../../sample/conversation/deepeval-turns.js";
import type { MetricInput } from "../descriptor.js";
import { DeepEvalTurnsMetric, type PassJudgement } from "../shared/base/deepeval-turns-metric.js";
import { conversationCompletenessDescriptor } from "./descriptor.js";
import { judgeConversationCompleteness } from "./judge.js";
import { intentionsPrompt, intentionVerdictPromptFor } from "./prompt.js";
import { conversationCompleteness } from "./score.js";

/**
 * DeepEval `ConversationCompletenessMetric` (`conversation_completeness`): the judge lists the user's intentions in
 * `messages` (one call, at most three per user turn), then says of each whether the assistant satisfied it (1) or
 * not (0), reading the whole conversation. The score is the satisfied share, 1 when there is no intention;
 * `strictMode` gives 0 below 1. `details.verdicts` holds each intention with its verdict.
 *
 * @example
 * const { value } = await new ConversationCompleteness({ llm }).score({
 *   messages: [{ role: "user", content: "Book a table and a taxi." }, { role: "assistant", content: "Table booked." }],
 * });
 */
export class ConversationCompleteness extends DeepEvalTurnsMetric<
  MetricInput<typeof conversationCompletenessDescriptor>,
  typeof conversationCompletenessDescriptor
> {
  static readonly descriptor = conversationCompletenessDescriptor;

  protected judge(turns: DeepEvalTurn[], signal: AbortSignal | undefined): Promise<PassJudgement> {
    return judgeConversationCompleteness(this.llm, turns, this.settings, signal, this.reading);
  }

  protected formula(passes: readonly number[], strict: boolean): number {
    return conversationCompleteness(passes, strict);
  }

  protected reasonFor(passed: number, total: number): string {
    return total === 0
      ? "the judge found no user intention, so none is left unsatisfied"
      : `${passed} of ${total} user intentions are satisfied`;
  }

  protected override promptVersions(): Record<string, string> {
    const intentions = intentionsPrompt(1);
    const verdict = intentionVerdictPromptFor(this.reading.reasons !== false);
    return { [intentions.name]: intentions.version, [verdict.name]: verdict.version };
  }
}
