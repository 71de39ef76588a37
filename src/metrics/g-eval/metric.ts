// GEval: prompt.ts (steps prompt, score prompt sized to the scale), score.ts (the value), judge.ts (the steps call),
// descriptor.ts. The steps held once, the per-row score call with its probability weighting and the row's result are
// G-Eval's shared pieces in shared/judge/g-eval/ (conversational_g_eval uses them too).
import type { z } from "zod";
import {
  CustomJudgeMetric,
  criterionDefaults,
  type JudgeOption,
} from "../shared/base/custom-judge-metric.js";
import type { Scale } from "../shared/judge/custom-judge.js";
import { judgeGEval } from "../shared/judge/g-eval/judge.js";
import { gEvalResult } from "../shared/judge/g-eval/result.js";
import { EvaluationSteps, type EvaluationStepsResult } from "../shared/judge/g-eval/steps.js";
import type { MetricConfig, MetricResult, Sample } from "../types.js";
import { gEvalDescriptor } from "./descriptor.js";
import { generateSteps } from "./judge.js";
import { G_EVAL_STEPS_VERSION, type GEvalInput, gEvalScorePrompt, gEvalStepsPrompt } from "./prompt.js";
import { gEvalValue } from "./score.js";

/** Options of {@link GEval}: the judge and its descriptor's options, each documented on its schema key. */
export type GEvalOptions = JudgeOption & z.input<typeof gEvalDescriptor.options>;

/**
 * DeepEval's G-Eval: the criteria become evaluation steps (asked once per metric, recorded in every row's
 * details), then each row gets a reason and a score on the scale; the reported value is the mean of the
 * allowed scores weighted by the judge's next-token probabilities at the score slot (`Llm.scoreChoices`). The
 * grammar's only number is the score, so the probabilities are read at the right token. A judge without
 * `scoreChoices` gives the written score, and the details say that no weighting was possible. When the judge puts
 * less than `G_EVAL_MIN_SCORE_MASS` (0.1) of its probability on the allowed scores, the row's `details.warnings`
 * says so: the weighted value then says little.
 *
 * @example
 * const coherence = new GEval({ llm, name: "coherence", criteria: "Is the answer logically ordered and easy to follow?" });
 * const { value, details } = await coherence.score({ userInput, response });
 * console.log(value, details?.greedyScore, details?.probabilities);
 */
export class GEval extends CustomJudgeMetric {
  static readonly descriptor = gEvalDescriptor;

  /** The score range. */
  readonly scale: Scale;
  private readonly criteria: string;
  private readonly givenSteps: readonly string[] | undefined;
  private readonly steps: EvaluationSteps;

  constructor(options: GEvalOptions) {
    super(options, criterionDefaults(options.name));
    this.criteria = options.criteria;
    this.givenSteps = options.evaluationSteps;
    this.scale = options.scale ?? { min: 1, max: 5 };
    this.steps = new EvaluationSteps(this.givenSteps, (signal) =>
      generateSteps(this.llm, this.name, this.criteria, { ...this.settings, temperature: 0 }, signal),
    );
  }

  /** The evaluation steps: the given ones, or the judge's (asked once; a failed attempt is retried by the next row). */
  evaluationSteps(signal?: AbortSignal): Promise<EvaluationStepsResult> {
    return this.steps.get(signal);
  }

  protected override validate(sample: Sample, row: number | undefined): GEvalInput {
    return this.judgeInputs(sample, row);
  }

  protected async compute(input: GEvalInput, signal: AbortSignal | undefined): Promise<MetricResult> {
    const steps = await this.evaluationSteps(signal);
    const template = gEvalScorePrompt(this.name, this.criteria, steps.steps, this.scale, this.withReasons());
    const j = await judgeGEval(this.llm, template, input, this.scale, this.settings, signal);
    const row = { steps, scale: this.scale, scorePromptVersion: template.version };
    return gEvalResult(j, row, gEvalValue(j.weightedScore, j.greedyScore));
  }

  /** Whether the score prompt asks for a reason before the score (`reasons`). */
  private withReasons(): boolean {
    return this.reading.reasons !== false;
  }

  /** Prompt versions, criteria, given steps, scale, inputs, sampling and the judge. */
  protected override promptVersions(): Record<string, string> {
    return {
      [gEvalStepsPrompt.name]: G_EVAL_STEPS_VERSION,
      [`g_eval/${this.name}`]: gEvalScorePrompt(
        this.name,
        this.criteria,
        this.givenSteps ?? [],
        this.scale,
        this.withReasons(),
      ).version,
    };
  }

  protected override metricOptions(): MetricConfig["options"] {
    return {
      kind: "g_eval",
      criteria: this.criteria,
      evaluationSteps: this.givenSteps === undefined ? null : this.givenSteps.join("\n"),
      scaleMin: this.scale.min,
      scaleMax: this.scale.max,
      scoreChoices: this.llm.scoreChoices !== undefined,
    };
  }
}
