// NVIDIA answer accuracy, Ragas-style: prompt.ts (two wordings, rating 0/2/4), score.ts (averaged,
// scaled), judge.ts, descriptor.ts. Shared rating mechanics: ../shared/judge/ratings.ts.

import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import { ratingPairResult } from "../shared/judge/rating-result.js";
import { ratingPromptVersions } from "../shared/judge/ratings.js";
import { statementSteps } from "../shared/judge/statements/steps.js";
import type { MetricResult } from "../types.js";
import { nvAccuracyDescriptor } from "./descriptor.js";
import { judgeAnswerAccuracy } from "./judge.js";
import { nvAccuracyPrompt1, nvAccuracyPrompt2 } from "./prompt.js";
import { nvAccuracyScore } from "./score.js";

/** Options of {@link AnswerAccuracy}. */
export type AnswerAccuracyOptions = MetricOptionsOf<typeof nvAccuracyDescriptor>;

/**
 * Ragas `nv_accuracy`: how well the response agrees with the reference. Two differently worded
 * prompts each rate it 0, 2 or 4 (a grammar-constrained single number, so no retry is needed); the
 * score is the mean of the two ratings divided by 4.
 *
 * @example
 * const { value } = await new AnswerAccuracy({ llm }).score({
 *   userInput: "When did the Berlin Wall fall?",
 *   response: "In 1989.",
 *   reference: "The Berlin Wall fell on 9 November 1989.",
 * });
 */
export class AnswerAccuracy extends JudgeMetric<
  MetricInput<typeof nvAccuracyDescriptor>,
  typeof nvAccuracyDescriptor
> {
  static readonly descriptor = nvAccuracyDescriptor;

  protected async compute(
    input: MetricInput<typeof nvAccuracyDescriptor>,
    signal: AbortSignal | undefined,
  ): Promise<MetricResult> {
    const steps = statementSteps(this.llm, this.settings, signal, this.reading);
    const pair = await judgeAnswerAccuracy(steps, {
      question: input.userInput,
      response: input.response,
      reference: input.reference,
    });
    return ratingPairResult(pair, nvAccuracyScore(...pair.scored), 4, steps);
  }

  protected override promptVersions(): Record<string, string> {
    return ratingPromptVersions([nvAccuracyPrompt1, nvAccuracyPrompt2]);
  }
}
