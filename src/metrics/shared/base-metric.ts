import { InvalidInputError } from "../../errors.js";
import { mapWithConcurrency } from "../../util/pool.js";
import type { Metric, MetricConfig, MetricResult, Sample, SampleField, ScoreOptions } from "../types.js";
import { errorResult, mustPropagate, withPromptVersions } from "./outcome.js";

/**
 * Shared `score` / `scoreBatch` logic of the Ragas-style metrics: validate first (bad input throws
 * `InvalidInputError` naming the row and field, before any model runs), then compute; a model failure
 * on one row becomes `status: "error"` for that row only. Every result, ok or error, carries the
 * metric's prompt versions in `details.promptVersions` (from `config()`).
 */
export abstract class BaseMetric<V> implements Metric {
  abstract readonly name: string;
  abstract readonly requiredFields: readonly SampleField[];
  abstract readonly usesLlm: boolean;
  abstract readonly usesEmbeddings: boolean;

  /** Checks and extracts the fields the metric needs; `row` is set in batch calls. */
  protected abstract validate(sample: Sample, row: number | undefined): V;
  /** Scores one validated sample. May throw; model errors are turned into an error result. */
  protected abstract compute(input: V, signal: AbortSignal | undefined): Promise<MetricResult>;
  /** How many samples `scoreBatch` scores at once. */
  protected abstract concurrency(): number;
  abstract config(): MetricConfig;

  /** Scores one sample. Judge failures resolve to `status: "error"`; bad input throws `InvalidInputError`. */
  async score(sample: Sample, options: ScoreOptions = {}): Promise<MetricResult> {
    const input = this.validate(checkSample(sample, undefined), undefined);
    return this.computeSafely(input, options.signal);
  }

  /** Scores many samples in order. All rows are validated before the first model call. */
  async scoreBatch(samples: readonly Sample[], options: ScoreOptions = {}): Promise<MetricResult[]> {
    if (!Array.isArray(samples)) {
      throw new InvalidInputError("scoreBatch expects a list of samples", { field: "samples" });
    }
    const inputs = samples.map((s, row) => this.validate(checkSample(s, row), row));
    return mapWithConcurrency(inputs, this.concurrency(), (input) =>
      this.computeSafely(input, options.signal),
    );
  }

  private async computeSafely(input: V, signal: AbortSignal | undefined): Promise<MetricResult> {
    const versions = this.config().promptVersions;
    try {
      return withPromptVersions(await this.compute(input, signal), versions);
    } catch (err) {
      if (mustPropagate(err, signal)) throw err;
      return withPromptVersions(errorResult(err), versions);
    }
  }
}

function checkSample(sample: unknown, row: number | undefined): Sample {
  if (sample === null || typeof sample !== "object" || Array.isArray(sample)) {
    throw new InvalidInputError("a sample must be an object such as { userInput, response }", {
      ...(row !== undefined ? { row } : {}),
      field: "sample",
    });
  }
  return sample as Sample;
}
