// SimpleCriteriaScore: prompt.ts (criterion and scale, { reason, score } schema sized to the scale), judge.ts
// (the one judge call), descriptor.ts (id simple_criteria, valueFrom "judge"). The value is the judge's score on
// the user's scale, so there is no score.ts formula.
import type { PromptTemplate } from "../../prompts/types.js";
import type { MetricOptionsOf } from "../descriptor.js";
import { CustomJudgeMetric, criterionOptionalInputs } from "../shared/base/custom-judge-metric.js";
import type { Scale } from "../shared/judge/custom-judge.js";
import { writtenReason } from "../shared/judge/text-schema.js";
import type { MetricConfig, MetricResult } from "../types.js";
import { simpleCriteriaDescriptor } from "./descriptor.js";
import { judgeCriteria } from "./judge.js";
import { type CriteriaAnswer, type CriteriaInput, simpleCriteriaPrompt } from "./prompt.js";

/** Options of {@link SimpleCriteriaScore}: the judge and its descriptor's options, each documented on its schema key. */
export type SimpleCriteriaScoreOptions = MetricOptionsOf<typeof simpleCriteriaDescriptor>;

/**
 * Ragas `SimpleCriteriaScore`: a whole-number score in the user's range for a criterion in words, with the
 * judge's reason. The grammar allows only the scale's integers.
 *
 * @example
 * const concise = new SimpleCriteriaScore({ llm, name: "conciseness", definition: "Is it short and complete?", scale: { min: 0, max: 10 } });
 * const { value, reason } = await concise.score({ userInput, response });
 */
export class SimpleCriteriaScore extends CustomJudgeMetric<CriteriaInput, typeof simpleCriteriaDescriptor> {
  static readonly descriptor = simpleCriteriaDescriptor;

  /** The score's range. */
  readonly scale: Scale;
  private readonly definition: string;
  private readonly template: PromptTemplate<CriteriaInput, CriteriaAnswer>;

  constructor(options: SimpleCriteriaScoreOptions) {
    super(options, criterionOptionalInputs);
    ({ definition: this.definition, scale: this.scale } = this.options);
    this.template = simpleCriteriaPrompt(
      this.name,
      this.definition,
      this.scale,
      this.reading.reasons !== false,
    );
  }

  protected async compute(input: CriteriaInput, signal: AbortSignal | undefined): Promise<MetricResult> {
    const { score, reason, usage } = await judgeCriteria(
      this.llm,
      this.template,
      input,
      this.settings,
      signal,
    );
    return {
      value: score,
      status: "ok",
      reason: writtenReason(reason) ?? `score ${score} on ${this.scale.min}..${this.scale.max}`,
      details: { scale: this.scale, usage },
    };
  }

  /** Prompt version (with the definition's fingerprint), definition, scale, inputs, sampling and the judge. */
  protected override promptVersions(): Record<string, string> {
    return { [this.template.name]: this.template.version };
  }

  protected override metricOptions(): MetricConfig["options"] {
    return {
      kind: "simple_criteria",
      definition: this.definition,
      scaleMin: this.scale.min,
      scaleMax: this.scale.max,
    };
  }
}
