// The values behind one metric's mean, kept so the aggregate can carry a confidence interval.
import { type IntervalOptions, type MeanInterval, meanInterval } from "../math/mean-interval.js";
import type { Sample } from "../metrics/types.js";

/** How each mean's confidence interval is computed (see `meanInterval` for the methods and formulas). */
export interface AggregateIntervalOptions extends Omit<IntervalOptions, "clusters"> {
  /**
   * A sample field whose value clusters rows (e.g. `referenceContexts`: questions written from one document;
   * `userInput`: one question asked several times): rows with equal values are resampled together and the
   * t-interval is cluster-robust. Rows without the field are clusters of their own. Defaults to none (every
   * row its own cluster).
   */
  clusterBy?: keyof Sample;
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

  constructor(private readonly options: AggregateIntervalOptions) {
    if (options.clusterBy !== undefined) this.clusters = [];
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
      this.clusters.push(clusterKey(sample?.[this.options.clusterBy!], row));
    }
    this.size += 1;
  }

  /** The interval of the mean of the values added; null below two rows (or clusters). */
  interval(): MeanInterval | null {
    const order = Array.from({ length: this.size }, (_, i) => i).sort(
      (x, y) => this.rows[x]! - this.rows[y]!,
    );
    const values = order.map((i) => this.values[i]!);
    const { clusterBy: _clusterBy, ...options } = this.options;
    const clusters = this.clusters;
    return meanInterval(
      values,
      clusters === undefined ? options : { ...options, clusters: order.map((i) => clusters[i]!) },
    );
  }
}

/**
 * A row's cluster key: the canonical JSON of its `clusterBy` field's value, or the row alone when it has none.
 *
 * @example
 * clusterKey(["doc 1"], 4); // '["doc 1"]'
 */
export function clusterKey(value: unknown, row: number): string {
  return value === undefined ? `\u0000row ${row}` : JSON.stringify(value);
}

function grow(array: Float64Array): Float64Array {
  const grown = new Float64Array(array.length * 2);
  grown.set(array);
  return grown;
}
