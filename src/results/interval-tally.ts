// The values behind one metric's mean, kept so the aggregate can carry a confidence interval.
import { InvalidInputError } from "../errors.js";
import { type IntervalOptions, type MeanInterval, meanInterval } from "../math/mean-interval.js";
import type { Sample } from "../metrics/types.js";
import { columnName } from "../sample/field-table.js";
import { builtInValueRange, type ValueRanges } from "./value-range.js";

/** How each mean's confidence interval is computed (see `meanInterval` for the methods and formulas). */
export interface AggregateIntervalOptions extends Omit<IntervalOptions, "clusters" | "range"> {
  /**
   * A sample field whose value clusters rows (e.g. `referenceContexts`: questions written from one document;
   * `userInput`: one question asked several times; `messages`: one conversation): rows with equal values are
   * resampled together and the t-interval is cluster-robust. A scored row without the field is refused (an
   * `InvalidInputError` naming the row and the column). Defaults to none (every row its own cluster).
   */
  clusterBy?: keyof Sample;
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

  add(row: number, value: number, sample: Sample | undefined): void {
    if (this.size === this.values.length) {
      const rows = new Int32Array(this.rows.length * 2);
      rows.set(this.rows);
      this.rows = rows;
      this.values = grow(this.values);
    }
    this.rows[this.size] = row;
    this.values[this.size] = value;
    if (this.clusters !== undefined) {
      this.clusters.push(clusterKey(sample, this.options.clusterBy!, row));
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
  field: keyof Sample | undefined,
): I {
  if (interval === null || interval.clusters === undefined || field === undefined) return interval;
  return { ...interval, clusteredBy: columnName(field) };
}

/**
 * A row's cluster key: the canonical JSON of the value of its `field`. Throws an `InvalidInputError` naming the row
 * and the column when the row has no such value: every row must say which cluster it is in.
 *
 * @example
 * clusterKey({ referenceContexts: ["doc 1"] }, "referenceContexts", 4); // '["doc 1"]'
 */
export function clusterKey(sample: Sample | undefined, field: keyof Sample, row: number): string {
  const value = sample?.[field];
  if (value === undefined || value === null) {
    const column = columnName(field);
    throw new InvalidInputError(
      `has no ${column} to cluster the intervals by; give every scored row a ${column} value, or cluster by another column (--cluster-by)`,
      { row, field: column },
    );
  }
  return JSON.stringify(value);
}

function grow(array: Float64Array): Float64Array {
  const grown = new Float64Array(array.length * 2);
  grown.set(array);
  return grown;
}
