import type { Llm } from "../../llm/types.js";
import type { MetricConfig, Sample, SampleField } from "../types.js";
import { BaseMetric } from "./base-metric.js";
import {
  type ChoiceOptions,
  type ReasonsOptions,
  type VerdictReading,
  verdictModeConfig,
  verdictReading,
} from "./choice-verdicts.js";
import { type JudgeInputField, judgeInputNames, readJudgeInputs } from "./custom-judge.js";
import type { JudgeSettings } from "./judge.js";

/** Options every user-defined judge metric takes. */
export interface CustomJudgeOptions {
  /** The judge. */
  llm: Llm;
  /** Fields the judge must see. Defaults to the metric's own (most: `["userInput", "response"]`). */
  inputs?: readonly JudgeInputField[];
  /**
   * Fields shown to the judge when a row has them. Defaults to `["retrievedContexts", "reference"]` for the
   * criterion metrics when `inputs` is not given, else none.
   */
  optionalInputs?: readonly JudgeInputField[];
  /** Judge temperature; 0 is greedy decoding. Defaults to 0 (AspectCritic votes: 0.7). */
  temperature?: number;
  /** Token budget of each answer. Defaults to the Llm's own default. */
  maxTokens?: number;
}

/** The metric's defaults, given by each subclass. */
export interface CustomJudgeDefaults {
  name: string;
  inputs: readonly JudgeInputField[];
  optionalInputs: readonly JudgeInputField[];
  temperature: number;
  /** Sample fields needed beyond the judge's inputs (e.g. `rubrics`). */
  extraFields?: readonly SampleField[];
}

/** Defaults of the criterion metrics (AspectCritic, SimpleCriteriaScore, GEval): Ragas' columns. */
export function criterionDefaults(name: string, temperature = 0): CustomJudgeDefaults {
  return {
    name,
    inputs: ["userInput", "response"],
    optionalInputs: ["retrievedContexts", "reference"],
    temperature,
  };
}

/**
 * The shared frame of the user-defined judge metrics: name, required and optional fields the judge sees (by
 * Ragas name, as JSON), sampling settings, and the config options they have in common. Subclasses give the
 * prompt, the judge call (`compute`) and their own config options.
 */
export abstract class CustomJudgeMetric<V = Record<string, string | string[]>> extends BaseMetric<V> {
  readonly name: string;
  readonly requiredFields: readonly SampleField[];
  readonly usesLlm = true;
  readonly usesEmbeddings = false;
  /** The judge this metric calls. */
  readonly llm: Llm;
  protected readonly inputs: readonly JudgeInputField[];
  protected readonly optionalFields: readonly JudgeInputField[];
  protected readonly settings: JudgeSettings;
  /** How verdicts are read (`scoring`, `confidence`) and whether reasons are asked (`reasons`); the default reads none. Metrics that offer them say so in their options. */
  protected readonly reading: VerdictReading;

  constructor(
    options: CustomJudgeOptions & ChoiceOptions & ReasonsOptions & { name?: string },
    defaults: CustomJudgeDefaults,
  ) {
    super();
    this.llm = options.llm;
    this.name = options.name ?? defaults.name;
    this.inputs = [...(options.inputs ?? defaults.inputs)];
    this.optionalFields = options.optionalInputs ?? (options.inputs ? [] : defaults.optionalInputs);
    this.requiredFields = [...this.inputs, ...(defaults.extraFields ?? [])];
    this.settings = {
      temperature: options.temperature ?? defaults.temperature,
      maxTokens: options.maxTokens,
    };
    this.reading = verdictReading(options, options.llm, new.target.name);
  }

  /** The judge's inputs from the sample, keyed by Ragas name. */
  protected judgeInputs(sample: Sample, row: number | undefined): Record<string, string | string[]> {
    return readJudgeInputs(sample, this.inputs, this.optionalFields, row);
  }

  protected concurrency(): number {
    return this.llm.concurrency ?? 1;
  }

  /** A config with the common options (inputs, sampling) after the metric's own. */
  protected configWith(
    promptVersions: Record<string, string>,
    options: MetricConfig["options"],
  ): MetricConfig {
    return {
      name: this.name,
      promptVersions,
      options: {
        ...options,
        inputs: this.inputs.map((f) => judgeInputNames[f]).join(","),
        optionalInputs: this.optionalFields.map((f) => judgeInputNames[f]).join(","),
        temperature: this.settings.temperature,
        maxTokens: this.settings.maxTokens ?? null,
        ...verdictModeConfig(this.reading),
      },
      models: [this.llm.provenance()],
    };
  }
}
