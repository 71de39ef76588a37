import type { z } from "zod";
import type { Llm } from "../../../llm/types.js";
import type { MetricOptionSchema } from "../../descriptor.js";
import type { MetricConfig, Sample, SampleField } from "../../types.js";
import { type JudgeInputField, judgeInputNames, readJudgeInputs } from "../judge/custom-judge.js";
import type { customJudgeOptionFields } from "../judge/custom-options.js";
import { definedFields } from "../judge/defined-fields.js";
import { JudgeMetric } from "./judge-metric.js";

/** What every user-defined judge metric takes beside its descriptor's options (which are checked by the schema). */
export interface JudgeOption {
  /** The judge. Required. */
  llm: Llm;
}

/**
 * Options every user-defined judge metric takes: the judge, and the fields of `customJudgeOptionFields` but `name`
 * (each class's own options type adds its descriptor's other options).
 */
export type CustomJudgeOptions = JudgeOption &
  z.input<z.ZodObject<Omit<typeof customJudgeOptionFields, "name">>>;

/** The metric's defaults, given by each subclass. */
export interface CustomJudgeDefaults {
  name: string;
  inputs: readonly JudgeInputField[];
  optionalInputs: readonly JudgeInputField[];
  temperature: number;
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
export abstract class CustomJudgeMetric<
  V = Record<string, string | string[]>,
  S extends MetricOptionSchema = MetricOptionSchema,
> extends JudgeMetric<V, S> {
  private readonly metricName: string;
  private readonly fields: readonly SampleField[];
  protected readonly inputs: readonly JudgeInputField[];
  protected readonly optionalFields: readonly JudgeInputField[];

  /** `defaults` fill what the options leave unset; the options are parsed by the descriptor first. */
  constructor(options: unknown, defaults: CustomJudgeDefaults) {
    super(options, defaults.temperature);
    const o = this.options as {
      name?: string;
      inputs?: readonly JudgeInputField[] | Record<string, JudgeInputField>;
      optionalInputs?: readonly JudgeInputField[];
    };
    this.metricName = o.name ?? defaults.name;
    // LLMEvaluator's `inputs` maps its names to fields (a record): its fields come in `defaults`.
    this.inputs = [...(Array.isArray(o.inputs) ? o.inputs : defaults.inputs)];
    this.optionalFields = o.optionalInputs ?? (o.inputs ? [] : defaults.optionalInputs);
    this.fields = definedFields(this.descriptor, this.options as Record<string, unknown>);
  }

  /** The id you gave the metric (`name`), or the kind's default. */
  override get name(): string {
    return this.metricName;
  }

  /** The sample fields the definition reads (`definedFields`: the descriptor's rule, shared with metric files). */
  override get requiredFields(): readonly SampleField[] {
    return this.fields;
  }

  /** The judge's inputs from the sample, keyed by Ragas name. */
  protected judgeInputs(sample: Sample, row: number | undefined): Record<string, string | string[]> {
    return readJudgeInputs(sample, this.inputs, this.optionalFields, row);
  }

  /** The judge config, with the fields the judge sees (by Ragas name) among the options. */
  override config(): MetricConfig {
    const config = super.config();
    config.options = {
      ...config.options,
      inputs: this.inputs.map((f) => judgeInputNames[f]).join(","),
      optionalInputs: this.optionalFields.map((f) => judgeInputNames[f]).join(","),
    };
    return config;
  }
}
