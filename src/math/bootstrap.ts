// The seeded bootstrap: one home for every resampled interval (agreement figures in calibrate, means
// and paired differences in reports). A seed gives the same draws, so the same interval, on every machine.
import { mulberry32 } from "./prng.js";

/** Options of {@link bootstrapInterval}. */
export interface BootstrapOptions {
  /** Resamples drawn. Defaults to 1000. */
  resamples?: number;
  /** PRNG seed: the same seed gives the same interval on every run. Defaults to 20240601. */
  seed?: number;
  /**
   * A group key per row (e.g. the source document). Groups are resampled whole, so rows that share
   * a document do not make the interval look narrower than it is. Defaults to every row its own group.
   */
  groups?: readonly string[];
  /** Stops the resampling: the promise rejects with an `AbortError`. Defaults to none. */
  signal?: AbortSignal;
  /** Confidence level of the interval, in (0, 1). Defaults to 0.95. */
  level?: number;
}

/** Resamples drawn between two yields to the event loop (so Ctrl-C and timers run), at most. */
export const BOOTSTRAP_YIELD_EVERY = 64;
const YIELD_AFTER_MS = 25;

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === "AbortError") return reason;
  return new DOMException("the bootstrap was aborted", "AbortError");
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The default number of bootstrap resamples. */
export const DEFAULT_RESAMPLES = 1000;
/** The default bootstrap seed. */
export const DEFAULT_BOOTSTRAP_SEED = 20240601;

/**
 * Percentile bootstrap interval (95% unless `level` says otherwise) of a figure: rows (or groups of rows) are drawn with
 * replacement `resamples` times with a seeded PRNG, the figure is recomputed on each draw, and the
 * 2.5th and 97.5th percentiles (linear interpolation) of the defined values are returned. Null when
 * fewer than half the draws give a value (e.g. most draws hold one class only).
 *
 * The loop yields to the event loop every {@link BOOTSTRAP_YIELD_EVERY} resamples (sooner when they are
 * slow), so a signal handler (Ctrl-C) runs mid-bootstrap; an aborted `signal` rejects with an `AbortError`.
 *
 * @example
 * const interval = await bootstrapInterval(rows.length, (idx) => accuracyOf(idx.map((i) => rows[i])), { seed: 7 });
 */
export async function bootstrapInterval(
  rowCount: number,
  compute: (indices: readonly number[]) => { value: number | null },
  options: BootstrapOptions = {},
): Promise<[number, number] | null> {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const signal = options.signal;
  if (signal?.aborted) throw abortError(signal);
  if (rowCount === 0 || resamples < 1) return null;
  const groups = groupIndices(rowCount, options.groups);
  const draw = groupDrawer(groups.length, options.seed ?? DEFAULT_BOOTSTRAP_SEED);
  const values: number[] = [];
  let sinceYield = 0;
  let lastYield = Date.now();
  for (let r = 0; r < resamples; r += 1) {
    if (sinceYield >= BOOTSTRAP_YIELD_EVERY || Date.now() - lastYield >= YIELD_AFTER_MS) {
      await nextTurn();
      sinceYield = 0;
      lastYield = Date.now();
      if (signal?.aborted) throw abortError(signal);
    }
    sinceYield += 1;
    const indices: number[] = [];
    for (const g of draw()) for (const i of groups[g]!) indices.push(i);
    const value = compute(indices).value;
    if (value !== null && Number.isFinite(value)) values.push(value);
  }
  if (values.length < resamples / 2) return null;
  return percentileInterval(values, options.level ?? 0.95);
}

/**
 * The draws of a bootstrap over `groupCount` groups: each call draws `groupCount` group indices with
 * replacement from a mulberry32 stream seeded with `seed` (index = ⌊u · groupCount⌋).
 *
 * @example
 * const draw = groupDrawer(3, 7);
 * draw(); // e.g. [2, 0, 2]
 */
export function groupDrawer(groupCount: number, seed: number): () => number[] {
  const random = mulberry32(seed);
  return () => {
    const drawn = new Array<number>(groupCount);
    for (let g = 0; g < groupCount; g += 1) drawn[g] = Math.floor(random() * groupCount);
    return drawn;
  };
}

/**
 * The percentile interval at `level` of (unsorted) resampled values: the (1 − level)/2 and (1 + level)/2
 * percentiles, linearly interpolated as numpy's default. Sorts `values` in place.
 *
 * @example
 * percentileInterval([0.1, 0.4, 0.2, 0.3], 0.5); // [0.175, 0.325]
 */
export function percentileInterval(values: number[], level: number): [number, number] {
  values.sort((a, b) => a - b);
  const [low, high] = intervalTails(level);
  return [percentile(values, low), percentile(values, high)];
}

/**
 * The lower and upper tail probabilities of a two-sided interval at `level`: (1 − level)/2 and
 * (1 + level)/2, rounded to 12 decimals so that 0.95 gives exactly 0.025 and 0.975. Throws a
 * RangeError for a level outside (0, 1).
 *
 * @example
 * intervalTails(0.9); // [0.05, 0.95]
 */
export function intervalTails(level: number): [number, number] {
  if (!(level > 0 && level < 1))
    throw new RangeError(`the confidence level must lie between 0 and 1, got ${level}`);
  const round = (x: number) => Math.round(x * 1e12) / 1e12;
  return [round((1 - level) / 2), round((1 + level) / 2)];
}

/**
 * Row indices grouped by key, groups in order of first appearance; every row its own group when
 * `groups` is undefined.
 */
export function groupIndices(rowCount: number, groups: readonly string[] | undefined): number[][] {
  if (groups === undefined) return Array.from({ length: rowCount }, (_, i) => [i]);
  const byKey = new Map<string, number[]>();
  for (let i = 0; i < rowCount; i += 1) {
    const key = groups[i] ?? `row ${i}`;
    const list = byKey.get(key);
    if (list) list.push(i);
    else byKey.set(key, [i]);
  }
  return [...byKey.values()];
}

/** Linear-interpolation percentile (numpy's default) of sorted values, `q` in [0, 1]. */
export function percentile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const fraction = position - lower;
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * fraction;
}
