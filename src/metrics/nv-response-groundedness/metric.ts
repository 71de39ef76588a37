// NVIDIA response groundedness, Ragas-style: prompt.ts (two wordings, rating 0/1/2), score.ts (Ragas'
// shortcuts, averaged and scaled), judge.ts, descriptor.ts. Shared rating mechanics: ../shared/judge/ratings.ts.

import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import { ratingPairResult, ratingShortcutResult } from "../shared/judge/rating-result.js";
import { ratingPromptVersions } from "../shared/judge/ratings.js";
import { statementSteps } from "../shared/judge/statements/steps.js";
import type { MetricResult } from "../types.js";
import { nvResponseGroundednessDescriptor } from "./descriptor.js";
import { judgeGroundedness } from "./judge.js";
import { nvGroundednessPrompt1, nvGroundednessPrompt2 } from "./prompt.js";
import { nvGroundednessScore, nvGroundednessShortcut } from "./score.js";

/** Options of {@link ResponseGroundedness}. */
export type ResponseGroundednessOptions = MetricOptionsOf<typeof nvResponseGroundednessDescriptor>;

/**
 * Ragas `nv_response_groundedness`: how far the retrieved contexts support the response. Two
 * differently worded prompts each rate it 0, 1 or 2; the score is the mean of the ratings divided
 * by 2. Without a call, no context (or a blank response) scores 0. A response found word for word in the
 * contexts is rated by the judge, as in `ragas.metrics.collections`; `verbatimShortcut: true` scores it 1
 * without a call, as Ragas' legacy class does.
 *
 * @example
 * const { value } = await new ResponseGroundedness({ llm }).score({
 *   response: "Einstein was born in 1879.",
 *   retrievedContexts: ["Albert Einstein was born on 14 March 1879."],
 * });
 */
export class ResponseGroundedness extends JudgeMetric<
  MetricInput<typeof nvResponseGroundednessDescriptor>,
  typeof nvResponseGroundednessDescriptor
> {
  static readonly descriptor = nvResponseGroundednessDescriptor;

  protected async compute(
    input: MetricInput<typeof nvResponseGroundednessDescriptor>,
    signal: AbortSignal | undefined,
  ): Promise<MetricResult> {
    const steps = statementSteps(this.llm, this.settings, signal, this.reading);
    const shortcut = nvGroundednessShortcut(
      input.response,
      input.retrievedContexts,
      this.options.verbatimShortcut,
    );
    if (shortcut !== undefined) {
      const reason =
        shortcut === 0
          ? "no context was retrieved, so nothing grounds the response (Ragas scores 0 without asking)"
          : "the response appears word for word in the contexts (verbatimShortcut: Ragas' legacy class scores 1 without asking)";
      return ratingShortcutResult(shortcut, reason, steps);
    }
    const pair = await judgeGroundedness(steps, {
      response: input.response,
      contexts: input.retrievedContexts,
    });
    return ratingPairResult(pair, nvGroundednessScore(...pair.scored), 2, steps);
  }

  protected override promptVersions(): Record<string, string> {
    return ratingPromptVersions([nvGroundednessPrompt1, nvGroundednessPrompt2]);
  }
}
