import { ContextOverflowError, InvalidInputError } from "../../../errors.js";
import { forMetric, type OverflowMetric } from "../../../llm/overflow-advice.js";
import { mapWithConcurrency } from "../../../util/pool.js";
import type { MetricDescriptor, MetricOptionSchema, MetricOptionsOf } from "../../descriptor.js";
import type { Metric, MetricConfig, MetricResult, Sample, SampleField, ScoreOptions } from "../../types.js";
import { readInputs } from "./inputs.js";
import { type ParsedMetricOptions, parseMetricOptions } from "./metric-options.js";
import { errorResult, failureReason, mustPropagate, withPromptVersions } from "./outcome.js";

/** A metric class: its static `descriptor` says what it is; `catalog.ts` lists these classes. */
export interface MetricClass<S extends MetricOptionSchema = MetricOptionSchema> {
  readonly descriptor: MetricDescriptor<S>;
  readonly name: string;
  new (options: never): Metric;
}

/**
 * A metric class's constructor parameters, from its descriptor: its options ({@link MetricOptionsOf}: the schema's
 * keys and the models the needs name), which may be left out when none is required. Every base takes these, so a
 * metric class inherits a constructor typed by its descriptor and writes none of its own.
 */
export type MetricConstructorArgs<D extends MetricDescriptor> =
  // biome-ignore lint/complexity/noBannedTypes: {} is "an object with no required key", the test this type needs.
  {} extends MetricOptionsOf<D> ? [options?: MetricOptionsOf<D>] : [options: MetricOptionsOf<D>];

/**
 * The one base of every built-in metric. Each concrete class names its descriptor once, as
 * `static readonly descriptor`, and that is the single source of the metric's identity: `name`,
 * `requiredFields`, `needsLlm` and `needsEmbeddings` read it, and the constructor parses the options
 * with the descriptor's schema (plus the models it needs, and no unknown key), so every metric checks
 * options the same way, with the same errors. Scoring validates first (bad input throws `InvalidInputError` naming the row and field,
 * before any model runs), then computes; a model failure on one row becomes `status: "error"` for
 * that row only. Every result, ok or error, carries the metric's prompt versions in
 * `details.promptVersions` (from `config()`). `JudgeMetric` and `JudgeFreeMetric` specialise it.
 * `D` is the type of the class's descriptor (`typeof xDescriptor`): it types the constructor's options
 * ({@link MetricConstructorArgs}) and the parsed `options`, so a subclass declares no constructor of its own.
 */
export abstract class BaseMetric<V, D extends MetricDescriptor = MetricDescriptor> implements Metric {
  /** What this metric is: id, fields, needs, options and defaults. */
  readonly descriptor: D;
  /** The options it was built with, parsed by the descriptor (defaults filled in, models included). */
  protected readonly options: ParsedMetricOptions<D["options"]>;

  constructor(...[options]: MetricConstructorArgs<D>) {
    const descriptor = (new.target as unknown as Partial<MetricClass>).descriptor as D | undefined;
    if (descriptor === undefined) {
      throw new TypeError(`${new.target.name} extends BaseMetric but has no static descriptor; add one`);
    }
    this.descriptor = descriptor;
    this.options = parseMetricOptions(descriptor as MetricDescriptor<D["options"]>, options, new.target.name);
  }

  /** The metric's id in results, e.g. `faithfulness`. */
  get name(): string {
    return this.descriptor.id;
  }

  /** Sample fields every scored row must have. */
  get requiredFields(): readonly SampleField[] {
    return this.descriptor.requiredFields;
  }

  /** Needs a judge LLM. */
  get needsLlm(): boolean {
    return this.descriptor.needsLlm;
  }

  /** Needs an embedding model. */
  get needsEmbeddings(): boolean {
    return this.descriptor.needsEmbeddings;
  }

  /** The reason of this metric's failed rows: what failed, from the descriptor's needs (see `failureReason`). */
  protected failureReason(): string {
    return failureReason(this.descriptor);
  }

  /**
   * Checks and extracts the fields the metric needs; `row` is set in batch calls. Defaults to the fields the
   * descriptor `reads` (`readInputs`), keyed by field name; a metric whose descriptor has no `reads` overrides it.
   */
  protected validate(sample: Sample, row: number | undefined): V {
    const { reads } = this.descriptor;
    if (reads === undefined) {
      throw new TypeError(
        `${this.constructor.name}: its descriptor has no reads; add them or override validate`,
      );
    }
    return readInputs({ reads }, sample, row) as V;
  }
  /** Scores one validated sample. May throw; model errors are turned into an error result. */
  protected abstract compute(input: V, signal: AbortSignal | undefined): Promise<MetricResult>;
  /** How many samples `scoreBatch` scores at once. */
  protected abstract concurrency(): number;
  abstract config(): MetricConfig;

  /**
   * Checks a sample as `score` would, without scoring it: bad input throws `InvalidInputError` naming the field (and
   * `row`, when given). A metric that scores with another metric (a decision graph's child metric) checks the other's
   * input with it before any model call.
   */
  checkInputs(sample: Sample, row?: number): void {
    this.validate(checkSample(sample, row), row);
  }

  /** Scores one sample. Judge failures resolve to `status: "error"`; bad input throws `InvalidInputError`. */
  async score(sample: Sample, options: ScoreOptions = {}): Promise<MetricResult> {
    const input = this.validate(checkSample(sample, undefined), undefined);
    return (await this.computeAll([input], options.signal))[0]!;
  }

  /** Scores many samples in order. All rows are validated before the first model call. */
  async scoreBatch(samples: readonly Sample[], options: ScoreOptions = {}): Promise<MetricResult[]> {
    if (!Array.isArray(samples)) {
      throw new InvalidInputError("scoreBatch expects a list of samples", { field: "samples" });
    }
    const inputs = samples.map((s, row) => this.validate(checkSample(s, row), row));
    return this.computeAll(inputs, options.signal);
  }

  /**
   * Scores validated inputs, in order. Defaults to `compute` on each, `concurrency()` at once; a metric
   * that scores rows together (one embedding call for a batch) overrides it.
   */
  protected computeAll(inputs: readonly V[], signal: AbortSignal | undefined): Promise<MetricResult[]> {
    return mapWithConcurrency(inputs, this.concurrency(), (input) => this.computeSafely(input, signal));
  }

  /** How an overflow's advice names this metric: its name, the catalog id whose options it takes, and whether they include maxTokens. */
  private overflowMetric(): OverflowMetric {
    const schema = this.descriptor.options as unknown as { shape?: Record<string, unknown> };
    return {
      name: this.name,
      kind: this.descriptor.id,
      takesMaxTokens: schema.shape !== undefined && "maxTokens" in schema.shape,
    };
  }

  private async computeSafely(input: V, signal: AbortSignal | undefined): Promise<MetricResult> {
    const versions = this.config().promptVersions;
    try {
      return withPromptVersions(await this.compute(input, signal), versions);
    } catch (err) {
      if (mustPropagate(err, signal)) throw err;
      // An overflow's advice names this metric's answer-budget option (in the CLI: its --metric-option flag).
      const restated = err instanceof ContextOverflowError ? forMetric(err, this.overflowMetric()) : err;
      return withPromptVersions(errorResult(restated, undefined, this.failureReason()), versions);
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
