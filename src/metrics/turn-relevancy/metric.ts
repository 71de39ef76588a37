// DeepEval `TurnRelevancyMetric`: descriptor.ts (id turn_relevancy, options), score.ts (exchanges, sliding
// windows, the relevant share), prompt.ts (the last reply's verdict), judge.ts (one call per exchange).

import type { DeepEvalTurn } from "../../sample/conversation/deepeval-turns.js";
import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { DeepEvalTurnsMetric, type PassJudgement } from "../shared/base/deepeval-turns-metric.js";
import { turnRelevancyDescriptor } from "./descriptor.js";
import { judgeTurnRelevancy } from "./judge.js";
import { turnRelevancyPromptFor } from "./prompt.js";
import { turnRelevancy } from "./score.js";

/** Options of {@link TurnRelevancy}. */
export type TurnRelevancyOptions = MetricOptionsOf<typeof turnRelevancyDescriptor>;

/**
 * DeepEval `TurnRelevancyMetric` (`turn_relevancy`): the conversation (`messages`, user turns and assistant replies
 * with text) is cut into user-assistant exchanges; for each, the judge reads the last `windowSize` exchanges ending
 * with it and says whether its last assistant reply is relevant (1) or not (0). The score is the relevant share,
 * 1 when there is no exchange; `strictMode` gives 0 below 1. `details.verdicts` holds each verdict with the index of
 * the judged message in `messages`.
 *
 * @example
 * const { value } = await new TurnRelevancy({ llm }).score({
 *   messages: [{ role: "user", content: "Weather in Oslo?" }, { role: "assistant", content: "4°C and rain." }],
 * });
 */
export class TurnRelevancy extends DeepEvalTurnsMetric<
  MetricInput<typeof turnRelevancyDescriptor>,
  typeof turnRelevancyDescriptor
> {
  static readonly descriptor = turnRelevancyDescriptor;

  protected judge(turns: DeepEvalTurn[], signal: AbortSignal | undefined): Promise<PassJudgement> {
    return judgeTurnRelevancy(this.llm, turns, this.options.windowSize, this.settings, signal, this.reading);
  }

  protected formula(passes: readonly number[], strict: boolean): number {
    return turnRelevancy(passes, strict);
  }

  protected reasonFor(passed: number, total: number): string {
    return total === 0
      ? "no user-assistant exchange to judge, so nothing is irrelevant"
      : `${passed} of ${total} assistant replies are relevant to the last ${this.options.windowSize} exchanges`;
  }

  protected override promptVersions(): Record<string, string> {
    const template = turnRelevancyPromptFor(this.reading.reasons !== false);
    return { [template.name]: template.version };
  }
}
