import type { MetricDescriptor, MetricOptionsOf } from "../../descriptor.js";
import type { MetricConfig, Sample, SampleField } from "../../types.js";
import {
  isJudgeInputField,
  type JudgeInputField,
  judgeInputNames,
  readJudgeInputs,
} from "../judge/custom-judge.js";
import { definedFields } from "../judge/defined-fields.js";
import type { MetricConstructorArgs } from "./base-metric.js";
import { JudgeMetric } from "./judge-metric.js";

/**
 * The fields the criterion judges (AspectCritic, SimpleCriteriaScore, GEval) show the judge when a row has them and
 * the options name neither `inputs` nor `optionalInputs`: Ragas' columns.
 */
export const criterionOptionalInputs: readonly JudgeInputField[] = ["retrievedContexts", "reference"];

/**
 * The shared frame of the user-defined judge metrics: the id the user gave (`name`), the fields the judge sees (by
 * Ragas name, as JSON) and the config options they have in common, all read from the options the descriptor parsed.
 * The fields the judge must see are the definition's fields (`definedFields`, the rule metric files check columns
 * with); the default `validate` reads them, and the optional ones a row has. Subclasses give the prompt, the judge
 * call (`compute`) and their own config options.
 */
export abstract class CustomJudgeMetric<
  V = Record<string, string | string[]>,
  D extends MetricDescriptor = MetricDescriptor,
> extends JudgeMetric<V, D> {
  private readonly fields: readonly SampleField[];
  protected readonly inputs: readonly JudgeInputField[];
  protected readonly optionalFields: readonly JudgeInputField[];

  /** `shownWhenPresent`: the optional fields when the options name neither `inputs` nor `optionalInputs`. */
  constructor(options: MetricOptionsOf<D>, shownWhenPresent: readonly JudgeInputField[] = []) {
    // A user-defined judge always needs its definition, so its options are never optional.
    super(...([options] as MetricConstructorArgs<D>));
    const o = this.options as { inputs?: unknown; optionalInputs?: readonly JudgeInputField[] };
    this.fields = definedFields(this.descriptor, this.options as Record<string, unknown>);
    // A rubric is read by the rubric metric itself; the judge is shown the text fields.
    this.inputs = this.fields.filter(isJudgeInputField);
    this.optionalFields = o.optionalInputs ?? (o.inputs !== undefined ? [] : shownWhenPresent);
  }

  /** The id you gave the metric (`name`; the rubric kinds default to their id). */
  override get name(): string {
    return (this.options as unknown as { name: string }).name;
  }

  /** The sample fields the definition reads (`definedFields`: the descriptor's rule, shared with metric files). */
  override get requiredFields(): readonly SampleField[] {
    return this.fields;
  }

  /** The judge's inputs from the sample, keyed by Ragas name. */
  protected judgeInputs(sample: Sample, row: number | undefined): Record<string, string | string[]> {
    return readJudgeInputs(sample, this.inputs, this.optionalFields, row);
  }

  /** The judge's inputs (`judgeInputs`); a metric whose input holds more (a rubric) overrides it. */
  protected override validate(sample: Sample, row: number | undefined): V {
    return this.judgeInputs(sample, row) as V;
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
