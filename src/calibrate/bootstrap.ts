import { mulberry32 } from "../math/prng.js";
import type { Figure } from "./figure.js";

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
 * Percentile bootstrap 95% interval of a figure: rows (or groups of rows) are drawn with
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
  compute: (indices: readonly number[]) => Figure,
  options: BootstrapOptions = {},
): Promise<[number, number] | null> {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const signal = options.signal;
  if (signal?.aborted) throw abortError(signal);
  if (rowCount === 0 || resamples < 1) return null;
  const random = mulberry32(options.seed ?? DEFAULT_BOOTSTRAP_SEED);
  const groups = groupIndices(rowCount, options.groups);
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
    for (let g = 0; g < groups.length; g += 1) {
      const group = groups[Math.floor(random() * groups.length)]!;
      for (const i of group) indices.push(i);
    }
    const value = compute(indices).value;
    if (value !== null && Number.isFinite(value)) values.push(value);
  }
  if (values.length < resamples / 2) return null;
  values.sort((a, b) => a - b);
  return [percentile(values, 0.025), percentile(values, 0.975)];
}

function groupIndices(rowCount: number, groups: readonly string[] | undefined): number[][] {
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
