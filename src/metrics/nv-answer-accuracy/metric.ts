// NVIDIA answer accuracy, Ragas-style: prompt.ts (two wordings, rating 0/2/4), score.ts (averaged,
// scaled), judge.ts, descriptor.ts. Shared rating mechanics: ../shared/judge/ratings.ts.

import { sampleText } from "../../sample/fields.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import type { ChoiceOptions } from "../shared/judge/choice-verdicts.js";
import type { JudgeMetricOptions } from "../shared/judge/options.js";
import { ratingPairResult } from "../shared/judge/rating-result.js";
import { ratingPromptVersions } from "../shared/judge/ratings.js";
import { statementSteps } from "../shared/judge/statements/steps.js";
import type { MetricResult, Sample } from "../types.js";
import { nvAccuracyDescriptor } from "./descriptor.js";
import { judgeAnswerAccuracy } from "./judge.js";
import { type AccuracyInput, nvAccuracyPrompt1, nvAccuracyPrompt2 } from "./prompt.js";
import { nvAccuracyScore } from "./score.js";

/** Options of {@link AnswerAccuracy}. */
export type AnswerAccuracyOptions = JudgeMetricOptions & ChoiceOptions;

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
export class AnswerAccuracy extends JudgeMetric<AccuracyInput, typeof nvAccuracyDescriptor.options> {
  static readonly descriptor = nvAccuracyDescriptor;

  constructor(options: AnswerAccuracyOptions) {
    super(options);
  }

  protected validate(sample: Sample, row: number | undefined): AccuracyInput {
    return {
      question: sampleText(sample, "userInput", row),
      response: sampleText(sample, "response", row),
      reference: sampleText(sample, "reference", row),
    };
  }

  protected async compute(input: AccuracyInput, signal: AbortSignal | undefined): Promise<MetricResult> {
    const steps = statementSteps(this.llm, this.settings, signal, this.reading);
    const pair = await judgeAnswerAccuracy(steps, input);
    return ratingPairResult(pair, nvAccuracyScore(...pair.scored), 4, steps);
  }

  protected override promptVersions(): Record<string, string> {
    return ratingPromptVersions([nvAccuracyPrompt1, nvAccuracyPrompt2]);
  }
}
