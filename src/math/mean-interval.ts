// Confidence intervals of a mean: seeded (cluster) bootstrap, (cluster-robust) t, or Wilson for 0/1 values.
import {
  DEFAULT_BOOTSTRAP_SEED,
  DEFAULT_RESAMPLES,
  groupDrawer,
  intervalTails,
  percentileInterval,
} from "./bootstrap.js";
import { normalQuantile, studentTQuantile } from "./distributions.js";

/** How an interval was computed: percentile bootstrap, Student t, or Wilson score (0/1 values). */
export type IntervalMethod = "bootstrap" | "t" | "wilson";

/** A confidence interval of a mean, with how it was made. */
export interface MeanInterval {
  /** Lower bound. */
  low: number;
  /** Upper bound. */
  high: number;
  /** Confidence level, e.g. 0.95. */
  level: number;
  method: IntervalMethod;
  /** Clusters the rows fell into, when the interval is clustered (some rows share a cluster). */
  clusters?: number;
  /**
   * The column whose equal values made the clusters (e.g. `reference_contexts`), when the interval is clustered and
   * was made from a results file or an evaluation (`intervals.clusterBy`).
   */
  clusteredBy?: string;
  /** Bootstrap resamples (method `bootstrap`). */
  resamples?: number;
  /** Bootstrap seed (method `bootstrap`). */
  seed?: number;
}

/** Options of {@link meanInterval}. */
export interface IntervalOptions {
  /** Confidence level, in (0, 1). Defaults to 0.95. */
  level?: number;
  /**
   * `wilson` (0/1 values only), `t`, `bootstrap`, or `auto`: Wilson when every value is 0 or 1 and no two rows
   * share a cluster; else a t-interval below {@link T_INTERVAL_BELOW} independent units (rows, or clusters),
   * where the percentile bootstrap is too narrow; else the bootstrap. Defaults to `"auto"`.
   */
  method?: "auto" | IntervalMethod;
  /**
   * A cluster key per value (a document, a conversation): rows of one cluster are resampled together, and the
   * t-interval uses the cluster-robust standard error. Defaults to every row its own cluster.
   */
  clusters?: readonly string[];
  /** Bootstrap resamples. Defaults to 1000. */
  resamples?: number;
  /** Bootstrap seed: the same seed gives the same interval byte for byte. Defaults to 20240601. */
  seed?: number;
  /**
   * The values' possible range, e.g. `[0, 1]`: the interval is clipped to it (a t-interval on few rows near an
   * end would otherwise leave it). Defaults to none (not clipped).
   */
  range?: readonly [min: number, max: number];
}

/** Below this many independent units (rows, or clusters), `auto` uses the t-interval rather than the bootstrap. */
export const T_INTERVAL_BELOW = 30;

/** Values grouped by cluster: per cluster its sum and row count, clusters in first-seen order. */
export interface ClusterTotals {
  sums: number[];
  counts: number[];
  /** True when some cluster holds more than one row. */
  shared: boolean;
}

/** Sums and row counts of `values` per cluster key (first-seen order); each value its own cluster without keys. */
export function clusterTotals(
  values: readonly number[],
  clusters: readonly string[] | undefined,
): ClusterTotals {
  if (clusters === undefined) return { sums: [...values], counts: values.map(() => 1), shared: false };
  if (clusters.length !== values.length) {
    throw new RangeError(
      `${clusters.length} cluster keys were given for ${values.length} values; give one per value`,
    );
  }
  const index = new Map<string, number>();
  const sums: number[] = [];
  const counts: number[] = [];
  values.forEach((v, i) => {
    const key = clusters[i]!;
    let g = index.get(key);
    if (g === undefined) {
      g = sums.length;
      index.set(key, g);
      sums.push(0);
      counts.push(0);
    }
    sums[g]! += v;
    counts[g]! += 1;
  });
  return { sums, counts, shared: sums.length < values.length };
}

/**
 * The standard error of the mean of `values`: s/√n, or with `clusters` the cluster-robust (CR1) one,
 * √(G/(G−1) · Σ_g (Σ_{i∈g} (y_i − ȳ))² ) / n over G clusters, which is s/√n again when every row is its own
 * cluster. Null below two units.
 *
 * @example
 * standardError([1, 2, 3, 4]); // 0.6454972243679028
 */
export function standardError(values: readonly number[], clusters?: readonly string[]): number | null {
  const n = values.length;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const residuals = clusterTotals(
    values.map((v) => v - mean),
    clusters,
  ).sums;
  const g = residuals.length;
  if (g < 2) return null;
  const sumOfSquares = residuals.reduce((s, e) => s + e * e, 0);
  return Math.sqrt((g / (g - 1)) * sumOfSquares) / n;
}

/** The method `auto` picks for these values (see {@link IntervalOptions.method}). */
export function autoIntervalMethod(values: readonly number[], clusters?: readonly string[]): IntervalMethod {
  const { sums, shared } = clusterTotals(values, clusters);
  if (!shared && values.every((v) => v === 0 || v === 1)) return "wilson";
  return sums.length < T_INTERVAL_BELOW ? "t" : "bootstrap";
}

/**
 * A confidence interval of the mean of `values` (see {@link IntervalOptions} for the methods). Formulas:
 * Wilson score (Wilson 1927): (p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n); t: ȳ ± t_{(1+level)/2, G−1}·SE
 * with {@link standardError}; bootstrap: percentile interval of the means of `resamples` draws of G clusters with
 * replacement (Efron & Tibshirani 1993, ch. 13; clusters whole, Field & Welsh 2007), each mean the ratio of drawn
 * sums to drawn rows. With `range`, the bounds are clipped to it. Null when fewer than two rows (or clusters) leave nothing to vary.
 *
 * @example
 * meanInterval([0.2, 0.9, 0.4, 0.7, 0.5], { method: "t" }); // { low: 0.194…, high: 0.885…, level: 0.95, method: "t" }
 */
export function meanInterval(values: readonly number[], options: IntervalOptions = {}): MeanInterval | null {
  const level = options.level ?? 0.95;
  const highTail = intervalTails(level)[1];
  const totals = clusterTotals(values, options.clusters);
  const units = totals.sums.length;
  if (units < 2) return null;
  const method =
    options.method === undefined || options.method === "auto"
      ? autoIntervalMethod(values, options.clusters)
      : options.method;
  const clustered = totals.shared ? { clusters: units } : {};
  const n = values.length;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  if (method === "wilson") {
    if (!values.every((v) => v === 0 || v === 1)) {
      throw new RangeError("a Wilson interval needs values of 0 or 1; use method t or bootstrap");
    }
    const z = normalQuantile(highTail);
    const z2 = z * z;
    const centre = (mean + z2 / (2 * n)) / (1 + z2 / n);
    const half = (z / (1 + z2 / n)) * Math.sqrt((mean * (1 - mean)) / n + z2 / (4 * n * n));
    const [low, high] = clip(Math.max(0, centre - half), Math.min(1, centre + half), options.range);
    return { low, high, level, method, ...clustered };
  }
  if (method === "t") {
    const se = standardError(values, options.clusters)!;
    const t = studentTQuantile(highTail, units - 1);
    const [low, high] = clip(mean - t * se, mean + t * se, options.range);
    return { low, high, level, method, ...clustered };
  }
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const seed = options.seed ?? DEFAULT_BOOTSTRAP_SEED;
  const draw = groupDrawer(units, seed);
  const means: number[] = [];
  for (let r = 0; r < resamples; r += 1) {
    let sum = 0;
    let count = 0;
    for (const g of draw()) {
      sum += totals.sums[g]!;
      count += totals.counts[g]!;
    }
    means.push(sum / count);
  }
  const [low, high] = clip(...percentileInterval(means, level), options.range);
  return { low, high, level, method, ...clustered, resamples, seed };
}

/** `[low, high]` clipped to `range` (unchanged without one). */
function clip(low: number, high: number, range: IntervalOptions["range"]): [number, number] {
  if (range === undefined) return [low, high];
  return [Math.min(Math.max(low, range[0]), range[1]), Math.max(Math.min(high, range[1]), range[0])];
}
