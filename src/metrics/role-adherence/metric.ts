// DeepEval `RoleAdherenceMetric`: descriptor.ts (id role_adherence, options), score.ts (the in-character share),
// prompt.ts (one verdict per assistant message, sized to the conversation), judge.ts (one call per row).

import type { DeepEvalTurn } from "../../sample/conversation/deepeval-turns.js";
import type { MetricInput } from "../descriptor.js";
import { DeepEvalTurnsMetric, type PassJudgement } from "../shared/base/deepeval-turns-metric.js";
import type { DeepEvalJudgeOptions } from "../shared/judge/deepeval-verdicts.js";

// The options every DeepEval multi-turn judge takes, re-exported for the package's entry.
export type { DeepEvalJudgeOptions };

import { roleAdherenceDescriptor } from "./descriptor.js";
import { judgeRoleAdherence } from "./judge.js";
import { roleAdherencePromptFor } from "./prompt.js";
import { roleAdherence } from "./score.js";

/**
 * DeepEval `RoleAdherenceMetric` (`role_adherence`): the judge reads the row's `chatbotRole` (column `chatbot_role`)
 * and the conversation (`messages`) and gives each assistant reply, in one call, a verdict: 1 in character, 0 out of
 * character. The score is the in-character share, 1 when there is no assistant reply; `strictMode` gives 0 below 1.
 * `details.verdicts` holds each verdict with the index of its message in `messages`.
 *
 * @example
 * const { value } = await new RoleAdherence({ llm }).score({
 *   chatbotRole: "A cheerful pirate who answers in pirate speech.",
 *   messages: [{ role: "user", content: "Hello!" }, { role: "assistant", content: "Ahoy, matey!" }],
 * });
 */
export class RoleAdherence extends DeepEvalTurnsMetric<
  MetricInput<typeof roleAdherenceDescriptor>,
  typeof roleAdherenceDescriptor
> {
  static readonly descriptor = roleAdherenceDescriptor;

  protected judge(
    turns: DeepEvalTurn[],
    signal: AbortSignal | undefined,
    { chatbotRole }: MetricInput<typeof roleAdherenceDescriptor>,
  ): Promise<PassJudgement> {
    return judgeRoleAdherence(this.llm, chatbotRole, turns, this.settings, signal, this.reading);
  }

  protected formula(passes: readonly number[], strict: boolean): number {
    return roleAdherence(passes, strict);
  }

  protected reasonFor(passed: number, total: number): string {
    return total === 0
      ? "no assistant reply, so none breaks character"
      : `${passed} of ${total} assistant replies stay in the chatbot role`;
  }

  protected override promptVersions(): Record<string, string> {
    const template = roleAdherencePromptFor(this.reading.reasons !== false);
    return { [template.name]: template.version };
  }
}
