// The paired difference of two runs on the same rows: mean, interval, and a sign-flip permutation test.
import { DEFAULT_BOOTSTRAP_SEED, intervalTails } from "./bootstrap.js";
import {
  clusterTotals,
  type IntervalOptions,
  type MeanInterval,
  meanInterval,
  T_INTERVAL_BELOW,
} from "./mean-interval.js";
import { mulberry32 } from "./prng.js";

/** Options of {@link pairedDifference}. */
export interface PairedDifferenceOptions extends Omit<IntervalOptions, "method"> {
  /**
   * The interval of the mean difference: `bootstrap` (paired bootstrap), `t` (Student t on the differences), or
   * `auto`: the t-interval below {@link T_INTERVAL_BELOW} rows (or clusters), where the percentile bootstrap is too
   * narrow, else the bootstrap. Defaults to `"auto"`.
   */
  method?: "auto" | "bootstrap" | "t";
  /**
   * Sign flips drawn by the permutation test. When 2^G (G rows or clusters) is at most this, every flip is
   * enumerated and the p-value is exact. Defaults to 10000.
   */
  permutations?: number;
}

/** The paired difference `b − a` of a metric over the rows scored in both runs. */
export interface PairedDifference {
  /** Rows scored in both runs. */
  n: number;
  /** Mean of `b − a` over them. */
  mean: number;
  /** Confidence interval of that mean; null below two rows (or clusters). */
  interval: MeanInterval | null;
  /** Two-sided p-value of the paired sign-flip permutation test of "no difference"; null with no rows. */
  pValue: number | null;
  /** `exact` when every sign flip was enumerated, else `monte-carlo` with `permutations` draws. */
  test: "exact" | "monte-carlo";
  /** Sign flips drawn (monte-carlo) or enumerated (exact). */
  permutations: number;
  /** True when `pValue` is below 1 − level. */
  significant: boolean;
}

/** The default number of sign flips of the permutation test. */
export const DEFAULT_PERMUTATIONS = 10000;

/**
 * The paired difference of `b` and `a` (equal length, row i of one paired with row i of the other): the mean of
 * `b − a`, its interval ({@link meanInterval} on the differences: Student t below {@link T_INTERVAL_BELOW} rows or
 * clusters, the paired bootstrap from there, clusters resampled whole), and the p-value of the paired permutation test (Fisher 1935; Good 2005, §3): under "no difference"
 * each row's (or cluster's) difference is as likely to have either sign, so the p-value is the share of the 2^G
 * sign flips of the cluster sums whose total is at least as far from 0 as the observed one; exact when 2^G ≤
 * `permutations`, else (1 + hits) / (1 + permutations) over seeded random flips (Phipson & Smyth 2010).
 * `scipy.stats.permutation_test(..., permutation_type="samples")` gives the same p-values.
 *
 * @example
 * const d = pairedDifference([0.5, 0.6, 0.7], [0.6, 0.8, 0.9]); // d.mean ≈ 0.1667, d.pValue 0.25 (exact, 8 flips)
 */
export function pairedDifference(
  a: readonly number[],
  b: readonly number[],
  options: PairedDifferenceOptions = {},
): PairedDifference {
  if (a.length !== b.length)
    throw new RangeError(`paired runs need equal lengths, got ${a.length} and ${b.length}`);
  const level = options.level ?? 0.95;
  intervalTails(level);
  const differences = b.map((v, i) => v - a[i]!);
  const n = differences.length;
  const mean = n === 0 ? 0 : differences.reduce((s, d) => s + d, 0) / n;
  const sums = clusterTotals(differences, options.clusters).sums;
  const requested = options.method ?? "auto";
  const method = requested !== "auto" ? requested : sums.length < T_INTERVAL_BELOW ? "t" : "bootstrap";
  const interval = n === 0 ? null : meanInterval(differences, { ...options, method });
  const permutations = options.permutations ?? DEFAULT_PERMUTATIONS;
  const { pValue, exact, count } =
    n === 0
      ? { pValue: null, exact: true, count: 0 }
      : signFlipTest(sums, permutations, options.seed ?? DEFAULT_BOOTSTRAP_SEED);
  return {
    n,
    mean,
    interval,
    pValue,
    test: exact ? "exact" : "monte-carlo",
    permutations: count,
    significant: pValue !== null && pValue < 1 - level,
  };
}

function signFlipTest(
  sums: readonly number[],
  permutations: number,
  seed: number,
): { pValue: number; exact: boolean; count: number } {
  const observed = Math.abs(sums.reduce((s, v) => s + v, 0));
  // Totals that differ from the observed one by rounding only count as "as far".
  const tolerance = 1e-12 * sums.reduce((s, v) => s + Math.abs(v), 0);
  const asFar = (total: number) => Math.abs(total) >= observed - tolerance;
  const g = sums.length;
  if (g <= 30 && 2 ** g <= permutations) {
    const flips = 2 ** g;
    let hits = 0;
    for (let mask = 0; mask < flips; mask += 1) {
      let total = 0;
      for (let i = 0; i < g; i += 1) total += mask & (1 << i) ? -sums[i]! : sums[i]!;
      if (asFar(total)) hits += 1;
    }
    return { pValue: hits / flips, exact: true, count: flips };
  }
  const random = mulberry32(seed);
  let hits = 0;
  for (let r = 0; r < permutations; r += 1) {
    let total = 0;
    for (const s of sums) total += random() < 0.5 ? -s : s;
    if (asFar(total)) hits += 1;
  }
  return { pValue: (1 + hits) / (1 + permutations), exact: false, count: permutations };
}
