// GEval: prompt.ts (steps prompt, score prompt sized to the scale), score.ts (probability-weighted score, the
// score slot's prefix), judge.ts (steps once, then per row a score and its probabilities), descriptor.ts.
import type { Llm } from "../../llm/types.js";
import { BaseMetric } from "../shared/base-metric.js";
import {
  type JudgeInputField,
  judgeInputNames,
  readJudgeInputs,
  type Scale,
} from "../shared/custom-judge.js";
import type { JudgeSettings, JudgeUsage } from "../shared/judge.js";
import type { MetricConfig, MetricResult, Sample, SampleField } from "../types.js";
import { generateSteps, judgeGEval } from "./judge.js";
import { G_EVAL_STEPS_VERSION, type GEvalInput, gEvalScorePrompt, gEvalStepsPrompt } from "./prompt.js";

/** Options of {@link GEval}. */
export interface GEvalOptions {
  /** The judge. */
  llm: Llm;
  /** The metric's id in results, snake_case, e.g. `coherence`. Required. */
  name: string;
  /** What to judge, in words. Required. */
  criteria: string;
  /**
   * Evaluation steps to use instead of asking the judge for them. Defaults to steps the judge writes from the
   * criteria, once per metric instance (at temperature 0, and cached with the judge's cache in the CLI).
   */
  evaluationSteps?: readonly string[];
  /** The whole-number score range. Defaults to `{ min: 1, max: 5 }`. */
  scale?: Scale;
  /** Fields the judge must see. Defaults to `["userInput", "response"]`. */
  inputs?: readonly JudgeInputField[];
  /** Fields shown when a row has them. Defaults to `["retrievedContexts", "reference"]` without `inputs`, else none. */
  optionalInputs?: readonly JudgeInputField[];
  /** Temperature of the score answer (the steps are always greedy). Defaults to 0. */
  temperature?: number;
  /** Token budget of each answer. Defaults to the Llm's own default. */
  maxTokens?: number;
}

interface Steps {
  steps: string[];
  source: "given" | "generated";
  usage: JudgeUsage | undefined;
}

/**
 * DeepEval's G-Eval: the criteria become evaluation steps (asked once per metric, recorded in every row's
 * details), then each row gets a reason and a score on the scale; the reported value is the mean of the
 * allowed scores weighted by the judge's next-token probabilities at the score slot (`Llm.scoreChoices`). The
 * grammar's only number is the score, so the probabilities are read at the right token. A judge without
 * `scoreChoices` gives the written score, and the details say that no weighting was possible.
 *
 * @example
 * const coherence = new GEval({ llm, name: "coherence", criteria: "Is the answer logically ordered and easy to follow?" });
 * const { value, details } = await coherence.score({ userInput, response });
 * console.log(value, details?.greedyScore, details?.probabilities);
 */
export class GEval extends BaseMetric<GEvalInput> {
  readonly name: string;
  readonly requiredFields: readonly SampleField[];
  readonly usesLlm = true;
  readonly usesEmbeddings = false;
  /** The judge this metric calls. */
  readonly llm: Llm;
  /** The score range. */
  readonly scale: Scale;
  private readonly criteria: string;
  private readonly givenSteps: readonly string[] | undefined;
  private readonly optionalFields: readonly JudgeInputField[];
  private readonly settings: JudgeSettings;
  private steps: Promise<Steps> | undefined;

  constructor(options: GEvalOptions) {
    super();
    this.llm = options.llm;
    this.name = options.name;
    this.criteria = options.criteria;
    this.givenSteps = options.evaluationSteps;
    this.scale = options.scale ?? { min: 1, max: 5 };
    this.requiredFields = [...(options.inputs ?? ["userInput", "response"])];
    this.optionalFields =
      options.optionalInputs ?? (options.inputs ? [] : ["retrievedContexts", "reference"]);
    this.settings = { temperature: options.temperature ?? 0, maxTokens: options.maxTokens };
  }

  /** The evaluation steps: the given ones, or the judge's (asked once; a failed attempt is retried by the next row). */
  evaluationSteps(signal?: AbortSignal): Promise<Steps> {
    if (this.steps === undefined) {
      this.steps =
        this.givenSteps !== undefined
          ? Promise.resolve({ steps: [...this.givenSteps], source: "given", usage: undefined })
          : generateSteps(
              this.llm,
              this.name,
              this.criteria,
              { ...this.settings, temperature: 0 },
              signal,
            ).then((s) => ({ ...s, source: "generated" as const }));
      this.steps.catch(() => {
        this.steps = undefined;
      });
    }
    return this.steps;
  }

  protected validate(sample: Sample, row: number | undefined): GEvalInput {
    return readJudgeInputs(sample, this.requiredFields as JudgeInputField[], this.optionalFields, row);
  }

  protected concurrency(): number {
    return this.llm.concurrency ?? 1;
  }

  protected async compute(input: GEvalInput, signal: AbortSignal | undefined): Promise<MetricResult> {
    const steps = await this.evaluationSteps(signal);
    const template = gEvalScorePrompt(this.name, this.criteria, steps.steps, this.scale);
    const j = await judgeGEval(this.llm, template, input, this.scale, this.settings, signal);
    const weighted = j.weightedScore !== undefined;
    return {
      value: weighted ? j.weightedScore! : j.greedyScore,
      status: "ok",
      reason: weighted
        ? j.reason
        : `${j.reason} (score as written: this judge gives no token probabilities, so no weighting was possible)`,
      details: {
        evaluationSteps: steps.steps,
        stepsSource: steps.source,
        greedyScore: j.greedyScore,
        weighting: weighted
          ? "token-probabilities"
          : "none: the judge has no scoreChoices; value is the written score",
        ...(weighted ? { probabilities: j.probabilities, probabilityMass: j.mass } : {}),
        scale: this.scale,
        scorePromptVersion: template.version,
        usage: j.usage,
      },
    };
  }

  /** Prompt versions, criteria, given steps, scale, inputs, sampling and the judge. */
  config(): MetricConfig {
    return {
      name: this.name,
      promptVersions: {
        [gEvalStepsPrompt.name]: G_EVAL_STEPS_VERSION,
        [`g_eval/${this.name}`]: gEvalScorePrompt(this.name, this.criteria, this.givenSteps ?? [], this.scale)
          .version,
      },
      options: {
        kind: "g_eval",
        criteria: this.criteria,
        evaluationSteps: this.givenSteps === undefined ? null : this.givenSteps.join("\n"),
        scaleMin: this.scale.min,
        scaleMax: this.scale.max,
        inputs: this.requiredFields.map((f) => judgeInputNames[f as JudgeInputField]).join(","),
        optionalInputs: this.optionalFields.map((f) => judgeInputNames[f]).join(","),
        temperature: this.settings.temperature,
        maxTokens: this.settings.maxTokens ?? null,
        scoreChoices: this.llm.scoreChoices !== undefined,
      },
      models: [this.llm.provenance()],
    };
  }
}
