/**
 * Medians and the alternating A,B,A,B… runner every comparison in the bench uses, so that slow
 * drift of a shared machine's load hits both sides of a pair alike.
 *
 * @example
 * const times = await alternate(["lib", "raw"], (side) => timeOne(side), { minRounds: 3, budgetMs: 20_000 });
 * const ratio = median(times.raw) / median(times.lib);
 */

/** Median of the values (mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Options of {@link alternate}. */
export interface AlternateOptions {
  /** Untimed warm-up calls per label, before the first timed round. Defaults to 1. */
  warmups?: number;
  /** Rounds always run, whatever the budget. Defaults to 3. */
  minRounds?: number;
  /** Rounds never exceeded. Defaults to 7. */
  maxRounds?: number;
  /** After `minRounds`, no new round starts once this much time has passed since the first timed round. Defaults to 20,000 ms. */
  budgetMs?: number;
}

/**
 * Runs `measure(label)` for every label in turn, round after round (A,B,A,B…), after warm-ups, and
 * returns each label's measurements in round order. `measure` returns whatever number it measures.
 */
export async function alternate<L extends string>(
  labels: readonly L[],
  measure: (label: L, round: number) => Promise<number>,
  options: AlternateOptions = {},
): Promise<Record<L, number[]>> {
  const warmups = options.warmups ?? 1;
  const minRounds = options.minRounds ?? 3;
  const maxRounds = Math.max(minRounds, options.maxRounds ?? 7);
  const budgetMs = options.budgetMs ?? 20_000;
  for (let w = 0; w < warmups; w++) for (const label of labels) await measure(label, -1 - w);
  const out = Object.fromEntries(labels.map((l) => [l, [] as number[]])) as Record<L, number[]>;
  const started = performance.now();
  for (let round = 0; round < maxRounds; round++) {
    if (round >= minRounds && performance.now() - started > budgetMs) break;
    for (const label of labels) out[label].push(await measure(label, round));
  }
  return out;
}

/** `a / b`, or NaN when either is not a positive finite number. */
export function ratio(a: number, b: number): number {
  return Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : Number.NaN;
}

/**
 * The thread count of the row with the highest `rate`, and that rate over the next best (the margin;
 * NaN with fewer than two rows). Ties keep the earlier row.
 *
 * @example
 * const { threads, margin } = fastestThreads(rows, (r) => r.generatedTokensPerSecond);
 */
export function fastestThreads<R extends { threads: number }>(
  rows: readonly R[],
  rate: (row: R) => number,
): { threads: number; margin: number } {
  const sorted = [...rows].sort((a, b) => rate(b) - rate(a));
  const second = sorted[1];
  return {
    threads: sorted[0]!.threads,
    margin: ratio(rate(sorted[0]!), second !== undefined ? rate(second) : Number.NaN),
  };
}
