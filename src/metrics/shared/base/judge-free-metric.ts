import { InvalidInputError } from "../../../errors.js";
import type { MetricDescriptor } from "../../descriptor.js";
import type { MetricConfig, MetricResult, Sample } from "../../types.js";
import { BaseMetric } from "./base-metric.js";

/** Options of a metric that change its numbers, as recorded in `config().options`. */
export type RecordedOptions = Record<string, string | number | boolean | null>;

/**
 * Base of the metrics that need no judge and no embeddings: the formula runs synchronously, so
 * `scoreSync` is offered beside `score`, and `config()` records the options and no models.
 */
export abstract class JudgeFreeMetric<V, D extends MetricDescriptor = MetricDescriptor> extends BaseMetric<
  V,
  D
> {
  /** Scores one validated sample; pure, no I/O. Returns a new object each call (`scoreSync` completes it in place). */
  protected abstract scoreInput(input: V): MetricResult;
  /** The options that change the numbers. Defaults to every option of the descriptor (unset ones as null). */
  protected recordedOptions(): RecordedOptions {
    const recorded: RecordedOptions = {};
    const options = this.options as Record<string, string | number | boolean | null | undefined>;
    for (const key of Object.keys(this.descriptor.options.shape)) recorded[key] = options[key] ?? null;
    return recorded;
  }

  /**
   * Scores one sample without a promise: validation errors throw `InvalidInputError` naming `row`
   * (when given) and the field. Every result carries `details.promptVersions` (empty), as from `score`.
   */
  scoreSync(sample: Sample, row?: number): MetricResult {
    if (sample === null || typeof sample !== "object" || Array.isArray(sample)) {
      throw new InvalidInputError("a sample must be an object such as { response, reference }", {
        ...(row !== undefined ? { row } : {}),
        field: "sample",
      });
    }
    const result = this.scoreInput(this.validate(sample, row));
    // scoreInput returns a fresh object: completing it in place spares two object copies per row.
    if (result.details === undefined) result.details = { promptVersions: {} };
    else result.details.promptVersions = {};
    return result;
  }

  protected async compute(input: V): Promise<MetricResult> {
    return this.scoreInput(input);
  }

  protected concurrency(): number {
    return 1;
  }

  config(): MetricConfig {
    return { name: this.name, promptVersions: {}, options: this.recordedOptions(), models: [] };
  }
}
