import type { Llm } from "../../../llm/types.js";
import type { ModelProvenance } from "../../../provenance.js";
import type { MetricDescriptor } from "../../descriptor.js";
import type { MetricConfig } from "../../types.js";
import { type VerdictReading, verdictModeConfig, verdictReading } from "../judge/choice-verdicts.js";
import type { JudgeSettings } from "../judge/judge.js";
import { BaseMetric, type MetricConstructorArgs } from "./base-metric.js";
import { recordedOptions } from "./recorded-options.js";

/**
 * A `BaseMetric` that calls a judge: holds the judge and its settings (temperature and token budget,
 * from the parsed options), reads verdicts as the options say (`scoring`, `confidence`, `reasons`,
 * `prefill`, for the metrics whose descriptor offers them), scores as many rows at once as the judge
 * serves, and builds `config()` from the prompt versions and the metric's own options.
 */
export abstract class JudgeMetric<V, D extends MetricDescriptor = MetricDescriptor> extends BaseMetric<V, D> {
  /** The judge this metric calls. */
  readonly llm: Llm;
  protected readonly settings: JudgeSettings;
  /** How verdicts are read (`scoring`, `confidence`) and whether reasons are asked (`reasons`); the default reads none. Metrics that offer them say so in their options. */
  protected readonly reading: VerdictReading;

  constructor(...args: MetricConstructorArgs<D>) {
    super(...args);
    const o = this.options as { llm: Llm; temperature?: number; maxTokens?: number };
    this.llm = o.llm;
    this.settings = { temperature: o.temperature ?? this.defaultTemperature(), maxTokens: o.maxTokens };
    this.reading = verdictReading(o, o.llm, new.target.name);
  }

  /**
   * The temperature when the options leave it unset (a user-defined judge's schema gives none: AspectCritic's votes
   * sample). Defaults to 0. Called by the constructor, so it may read only `this.options`.
   */
  protected defaultTemperature(): number {
    return 0;
  }

  protected concurrency(): number {
    return this.llm.concurrency ?? 1;
  }

  /** Prompt versions the metric used for its numbers. */
  protected abstract promptVersions(): Record<string, string>;

  /**
   * The metric's own options that change its numbers (mode, weights, ...). Defaults to every option of the
   * descriptor's schema but the models, judge settings, verdict reading and speed knobs (`recordedOptions`).
   */
  protected metricOptions(): Record<string, string | number | boolean | null> {
    return recordedOptions(this.descriptor.options, this.options);
  }

  /** Models besides the judge (an embedder). Defaults to none. */
  protected otherModels(): ModelProvenance[] {
    return [];
  }

  /** Prompt versions, options (with temperature and token budget) and the models' provenance. */
  config(): MetricConfig {
    return {
      name: this.name,
      promptVersions: this.promptVersions(),
      options: {
        ...this.metricOptions(),
        temperature: this.settings.temperature,
        maxTokens: this.settings.maxTokens ?? null,
        ...verdictModeConfig(this.reading),
      },
      models: [this.llm.provenance(), ...this.otherModels()],
    };
  }
}
