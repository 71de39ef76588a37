// NVIDIA context relevance, Ragas-style: prompt.ts (two wordings, rating 0/1/2), score.ts (Ragas'
// shortcuts, averaged and scaled), judge.ts, descriptor.ts. Shared rating mechanics: ../shared/judge/ratings.ts.

import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import { ratingPairResult, ratingShortcutResult } from "../shared/judge/rating-result.js";
import { ratingPromptVersions } from "../shared/judge/ratings.js";
import { statementSteps } from "../shared/judge/statements/steps.js";
import type { MetricResult } from "../types.js";
import { nvContextRelevanceDescriptor } from "./descriptor.js";
import { judgeNvContextRelevance } from "./judge.js";
import { nvContextRelevancePrompt1, nvContextRelevancePrompt2 } from "./prompt.js";
import { nvContextRelevanceScore, nvContextRelevanceShortcut } from "./score.js";

/** Options of {@link NvContextRelevance}. */
export type NvContextRelevanceOptions = MetricOptionsOf<typeof nvContextRelevanceDescriptor>;

/**
 * Ragas `nv_context_relevance` (Ragas' `ContextRelevance` in its NVIDIA set; airgap-eval's own
 * `context_relevance` follows Haystack): two differently worded prompts each rate the retrieved
 * contexts 0, 1 or 2 for answering the question; the score is the mean of the ratings divided by 2.
 * Without a call, the score is 0 when there is no context or the contexts only repeat the question.
 *
 * @example
 * const { value } = await new NvContextRelevance({ llm }).score({
 *   userInput: "When was Einstein born?",
 *   retrievedContexts: ["Albert Einstein was born on 14 March 1879."],
 * });
 */
export class NvContextRelevance extends JudgeMetric<
  MetricInput<typeof nvContextRelevanceDescriptor>,
  typeof nvContextRelevanceDescriptor
> {
  static readonly descriptor = nvContextRelevanceDescriptor;

  protected async compute(
    input: MetricInput<typeof nvContextRelevanceDescriptor>,
    signal: AbortSignal | undefined,
  ): Promise<MetricResult> {
    const steps = statementSteps(this.llm, this.settings, signal, this.reading);
    const shortcut = nvContextRelevanceShortcut(input.userInput, input.retrievedContexts);
    if (shortcut !== undefined) {
      const reason = "no context, or the contexts only repeat the question (Ragas scores 0 without asking)";
      return ratingShortcutResult(shortcut, reason, steps);
    }
    const pair = await judgeNvContextRelevance(steps, {
      question: input.userInput,
      contexts: input.retrievedContexts,
    });
    return ratingPairResult(pair, nvContextRelevanceScore(...pair.scored), 2, steps);
  }

  protected override promptVersions(): Record<string, string> {
    return ratingPromptVersions([nvContextRelevancePrompt1, nvContextRelevancePrompt2]);
  }
}
