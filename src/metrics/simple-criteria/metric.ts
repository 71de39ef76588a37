// SimpleCriteriaScore: prompt.ts (criterion and scale, { reason, score } schema sized to the scale),
// descriptor.ts (id simple_criteria). The score is the judge's, on the user's scale; no score.ts formula.
import type { Llm } from "../../llm/types.js";
import type { PromptTemplate } from "../../prompts/types.js";
import { BaseMetric } from "../shared/base-metric.js";
import {
  type JudgeInputField,
  judgeInputNames,
  readJudgeInputs,
  type Scale,
} from "../shared/custom-judge.js";
import { askJudge, type JudgeSettings, newUsage } from "../shared/judge.js";
import type { MetricConfig, MetricResult, Sample, SampleField } from "../types.js";
import { type CriteriaAnswer, type CriteriaInput, simpleCriteriaPrompt } from "./prompt.js";

/** Options of {@link SimpleCriteriaScore}. */
export interface SimpleCriteriaScoreOptions {
  /** The judge. */
  llm: Llm;
  /** The metric's id in results, snake_case. Required. */
  name: string;
  /** The criterion in words. Required. */
  definition: string;
  /** The whole-number range of the score. Defaults to `{ min: 1, max: 5 }`. */
  scale?: Scale;
  /** Fields the judge must see. Defaults to `["userInput", "response"]`. */
  inputs?: readonly JudgeInputField[];
  /** Fields shown when a row has them. Defaults to `["retrievedContexts", "reference"]` without `inputs`, else none. */
  optionalInputs?: readonly JudgeInputField[];
  /** Judge temperature; 0 is greedy. Defaults to 0. */
  temperature?: number;
  /** Token budget of each answer. Defaults to the Llm's own default. */
  maxTokens?: number;
}

/**
 * Ragas `SimpleCriteriaScore`: a whole-number score in the user's range for a criterion in words, with the
 * judge's reason. The grammar allows only the scale's integers.
 *
 * @example
 * const concise = new SimpleCriteriaScore({ llm, name: "conciseness", definition: "Is it short and complete?", scale: { min: 0, max: 10 } });
 * const { value, reason } = await concise.score({ userInput, response });
 */
export class SimpleCriteriaScore extends BaseMetric<CriteriaInput> {
  readonly name: string;
  readonly requiredFields: readonly SampleField[];
  readonly usesLlm = true;
  readonly usesEmbeddings = false;
  /** The judge this metric calls. */
  readonly llm: Llm;
  /** The score's range. */
  readonly scale: Scale;
  private readonly definition: string;
  private readonly optionalFields: readonly JudgeInputField[];
  private readonly settings: JudgeSettings;
  private readonly template: PromptTemplate<CriteriaInput, CriteriaAnswer>;

  constructor(options: SimpleCriteriaScoreOptions) {
    super();
    this.llm = options.llm;
    this.name = options.name;
    this.definition = options.definition;
    this.scale = options.scale ?? { min: 1, max: 5 };
    this.requiredFields = [...(options.inputs ?? ["userInput", "response"])];
    this.optionalFields =
      options.optionalInputs ?? (options.inputs ? [] : ["retrievedContexts", "reference"]);
    this.settings = { temperature: options.temperature ?? 0, maxTokens: options.maxTokens };
    this.template = simpleCriteriaPrompt(this.name, this.definition, this.scale);
  }

  protected validate(sample: Sample, row: number | undefined): CriteriaInput {
    return readJudgeInputs(sample, this.requiredFields as JudgeInputField[], this.optionalFields, row);
  }

  protected concurrency(): number {
    return this.llm.concurrency ?? 1;
  }

  protected async compute(input: CriteriaInput, signal: AbortSignal | undefined): Promise<MetricResult> {
    const usage = newUsage();
    const answer = await askJudge(this.llm, this.template, input, this.settings, usage, signal);
    return {
      value: answer.score,
      status: "ok",
      reason: answer.reason,
      details: { scale: this.scale, usage },
    };
  }

  /** Prompt version (with the definition's fingerprint), definition, scale, inputs, sampling and the judge. */
  config(): MetricConfig {
    return {
      name: this.name,
      promptVersions: { [this.template.name]: this.template.version },
      options: {
        kind: "simple_criteria",
        definition: this.definition,
        scaleMin: this.scale.min,
        scaleMax: this.scale.max,
        inputs: this.requiredFields.map((f) => judgeInputNames[f as JudgeInputField]).join(","),
        optionalInputs: this.optionalFields.map((f) => judgeInputNames[f]).join(","),
        temperature: this.settings.temperature,
        maxTokens: this.settings.maxTokens ?? null,
      },
      models: [this.llm.provenance()],
    };
  }
}
