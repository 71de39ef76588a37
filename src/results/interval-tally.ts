// The values behind one metric's mean, kept so the aggregate can carry a confidence interval.
import { type InputLocation, InvalidInputError } from "../errors.js";
import { type IntervalOptions, type MeanInterval, meanInterval } from "../math/mean-interval.js";
import type { Sample } from "../metrics/types.js";
import { columnName, type SampleField, sampleFields } from "../sample/field-table.js";
import { builtInValueRange, type ValueRanges } from "./value-range.js";

/**
 * A column rows are clustered by: a sample field (camelCase, e.g. `referenceContexts`, or its column name,
 * `reference_contexts`), or any other dataset column (e.g. `doc_id`), whose value `evaluate` keeps beside the sample
 * (`RowMetricRecord.columns`) when asked to cluster by it.
 */
export type ClusterColumn = keyof Sample | (string & {});

/** What a row's cluster is read from: its sample, and the dataset columns kept beside it. */
export interface ClusterSource {
  sample?: Sample;
  columns?: Readonly<Record<string, unknown>>;
}

/**
 * The sample field `column` names (its camelCase name or its column name), or undefined for any other column.
 *
 * @example
 * sampleFieldNamed("reference_contexts"); // "referenceContexts"
 * sampleFieldNamed("doc_id"); // undefined
 */
export function sampleFieldNamed(column: string): SampleField | undefined {
  return sampleFields.find((field) => field === column || columnName(field) === column);
}

/** The name a cluster column goes by in notes and errors: a sample field's column name, else the column as given. */
export function clusterColumnName(column: ClusterColumn): string {
  const field = sampleFieldNamed(column);
  return field !== undefined ? columnName(field) : column;
}

/** How each mean's confidence interval is computed (see `meanInterval` for the methods and formulas). */
export interface AggregateIntervalOptions extends Omit<IntervalOptions, "clusters" | "range"> {
  /**
   * A column whose value clusters rows: a sample field (e.g. `referenceContexts`: questions written from one
   * document; `userInput`: one question asked several times; `messages`: one conversation) or any other dataset
   * column (e.g. `doc_id`; `evaluate` then keeps each row's value in the results file, `RowMetricRecord.columns`).
   * Rows with equal values are resampled together and the t-interval is cluster-robust. A scored row without the
   * value is refused (an `InvalidInputError` naming the row and the column). Defaults to none (every row its own
   * cluster).
   */
  clusterBy?: ClusterColumn;
  /**
   * Each metric's possible range by metric id, e.g. `{ tone: [1, 5] }`: its mean's interval is clipped to it.
   * Defaults to the range a built-in metric's descriptor states for that id (`[0, 1]` for most; none for a metric
   * on the user's scale or one that is not built in, whose interval is not clipped).
   */
  valueRanges?: ValueRanges;
}

/**
 * One metric's scored values with their rows (and cluster keys), in growing typed arrays: 12 bytes per scored
 * row, plus a cluster key string per row with `clusterBy`. The interval is computed on the values in row order, so it does not depend on the
 * order the records arrived in.
 */
export class IntervalTally {
  private rows: Int32Array = new Int32Array(64);
  private values: Float64Array = new Float64Array(64);
  private clusters: string[] | undefined;
  private size = 0;

  private readonly range: readonly [number, number] | undefined;

  /** `metric` picks the range the interval is clipped to ({@link AggregateIntervalOptions.valueRanges}). */
  constructor(
    private readonly options: AggregateIntervalOptions,
    metric?: string,
  ) {
    if (options.clusterBy !== undefined) this.clusters = [];
    const ranges = options.valueRanges;
    this.range =
      metric === undefined
        ? undefined
        : ranges !== undefined && Object.hasOwn(ranges, metric)
          ? ranges[metric]
          : builtInValueRange(metric);
  }

  add(row: number, value: number, source: ClusterSource | undefined): void {
    if (this.size === this.values.length) {
      const rows = new Int32Array(this.rows.length * 2);
      rows.set(this.rows);
      this.rows = rows;
      this.values = grow(this.values);
    }
    this.rows[this.size] = row;
    this.values[this.size] = value;
    if (this.clusters !== undefined) {
      this.clusters.push(clusterKey(source, this.options.clusterBy!, row));
    }
    this.size += 1;
  }

  /** The interval of the mean of the values added; null below two rows (or clusters). */
  interval(): MeanInterval | null {
    const order = Array.from({ length: this.size }, (_, i) => i).sort(
      (x, y) => this.rows[x]! - this.rows[y]!,
    );
    const values = order.map((i) => this.values[i]!);
    const { clusterBy: _clusterBy, valueRanges: _valueRanges, ...options } = this.options;
    const clusters = this.clusters;
    const interval = meanInterval(values, {
      ...options,
      ...(this.range !== undefined ? { range: this.range } : {}),
      ...(clusters !== undefined ? { clusters: order.map((i) => clusters[i]!) } : {}),
    });
    return namedClusters(interval, this.options.clusterBy);
  }
}

/**
 * `interval` with the column its clusters came from ({@link MeanInterval.clusteredBy}) when it is clustered.
 *
 * @example
 * namedClusters(meanInterval(values, { clusters }), "referenceContexts"); // { ..., clusters: 12, clusteredBy: "reference_contexts" }
 */
export function namedClusters<I extends MeanInterval | null>(
  interval: I,
  column: ClusterColumn | undefined,
): I {
  if (interval === null || interval.clusters === undefined || column === undefined) return interval;
  return { ...interval, clusteredBy: clusterColumnName(column) };
}

/**
 * A row's cluster key: the canonical JSON of its value in `column` (a sample field from its sample, any other column
 * from the columns kept beside it). Throws an `InvalidInputError` naming the row and the column when the row has no
 * such value: every row must say which cluster it is in.
 *
 * @example
 * clusterKey({ sample: { referenceContexts: ["doc 1"] } }, "referenceContexts", 4); // '["doc 1"]'
 * clusterKey({ sample: {}, columns: { doc_id: "d7" } }, "doc_id", 4); // '"d7"'
 */
export function clusterKey(source: ClusterSource | undefined, column: ClusterColumn, row: number): string {
  const field = sampleFieldNamed(column);
  const value = field !== undefined ? source?.sample?.[field] : source?.columns?.[column];
  if (value === undefined || value === null) {
    const name = clusterColumnName(column);
    throw new MissingClusterError(
      field !== undefined
        ? `has no ${name} to cluster the intervals by; give every scored row a ${name} value, or cluster by another column (--cluster-by)`
        : `has no ${name} kept to cluster the intervals by: ${name} is not a sample field, so the results file keeps it only when eval ran with --cluster-by ${name}; rerun eval with --cluster-by ${name} (into a new results file), or cluster by another column`,
      { row, field: name },
    );
  }
  return JSON.stringify(value);
}

/**
 * A scored row without a value in the column the intervals are clustered by; `inFile` names the results file the
 * row came from (the CLI adds it: the readers that cluster do not know the file).
 */
export class MissingClusterError extends InvalidInputError {
  constructor(
    readonly reason: string,
    readonly at: InputLocation,
  ) {
    super(reason, at);
  }

  /** The same error, naming `file`. */
  inFile(file: string): MissingClusterError {
    return new MissingClusterError(this.reason, { ...this.at, file });
  }
}

function grow(array: Float64Array): Float64Array {
  const grown = new Float64Array(array.length * 2);
  grown.set(array);
  return grown;
}
