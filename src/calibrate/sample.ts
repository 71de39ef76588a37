// `calibrate --limit n`: n labelled rows drawn from every class of people's labels, in proportion, seeded.
// A set sorted by class (all answerable rows, then all unanswerable) would otherwise give one class only,
// and no binary figure.
import { mulberry32 } from "../math/prng.js";

/** What sampling reads of a labelled row: its place in the file and what people said. */
export interface SampledRow {
  /** 0-based data row in the file. */
  row: number;
  /** People's label (binary, graded, pairwise) or, for statement rows, the share supported. */
  human: number;
  /** Statement rows: their statements. */
  statements?: readonly unknown[];
}

/**
 * The class of a labelled row a sample is stratified by: the human label (binary, pairwise, a graded
 * level), or for statement rows whether people found every statement supported.
 */
export function labelClass(row: Pick<SampledRow, "human" | "statements">): string {
  if (row.statements !== undefined) return row.human === 1 ? "all supported" : "some unsupported";
  return String(row.human);
}

/**
 * How many rows each class gets out of `limit`: in proportion to its count (largest remainders), and
 * at least one per class while `limit` allows. Classes in the order given.
 */
export function classQuotas(counts: readonly number[], limit: number): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (limit >= total) return [...counts];
  const quotas = counts.map(() => 0);
  let left = limit;
  // One row per class first (smaller classes first), so no class vanishes from a small sample.
  const bySize = counts.map((count, i) => ({ count, i })).sort((a, b) => a.count - b.count || a.i - b.i);
  for (const { i } of bySize) {
    if (left === 0) break;
    quotas[i] = 1;
    left--;
  }
  const share = counts.map((count, i) => Math.max(0, (count * limit) / total - quotas[i]!));
  const floors = share.map((s, i) => Math.min(Math.floor(s), counts[i]! - quotas[i]!));
  floors.forEach((f, i) => {
    const take = Math.min(f, left);
    quotas[i]! += take;
    left -= take;
  });
  const order = share
    .map((s, i) => ({ rest: s - Math.floor(s), i }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  while (left > 0) {
    let gave = false;
    for (const { i } of order) {
      if (left === 0) break;
      if (quotas[i]! < counts[i]!) {
        quotas[i]!++;
        left--;
        gave = true;
      }
    }
    if (!gave) break;
  }
  return quotas;
}

/**
 * Keeps a seeded uniform sample of up to `size` rows of each class of a stream of labelled rows
 * (reservoir sampling), so a file is read once in memory bounded by `size` rows a class; `take(limit)`
 * then draws `limit` of them across the classes ({@link classQuotas}), in file order.
 *
 * @example
 * const sampler = new StratifiedSampler(100, 20240601);
 * for (const row of rows) sampler.add(row);
 * const picked = sampler.take(100);
 */
export class StratifiedSampler<T extends SampledRow> {
  private readonly random: () => number;
  private readonly classes = new Map<string, { seen: number; kept: T[] }>();

  constructor(
    private readonly size: number,
    seed: number,
  ) {
    this.random = mulberry32(seed);
  }

  /** Offers one row to its class's reservoir. */
  add(row: T): void {
    const key = labelClass(row);
    let stratum = this.classes.get(key);
    if (stratum === undefined) {
      stratum = { seen: 0, kept: [] };
      this.classes.set(key, stratum);
    }
    stratum.seen++;
    if (stratum.kept.length < this.size) stratum.kept.push(row);
    else {
      const slot = Math.floor(this.random() * stratum.seen);
      if (slot < this.size) stratum.kept[slot] = row;
    }
  }

  /** `limit` rows across the classes, in proportion to how many rows each class had, in file order. */
  take(limit: number): T[] {
    const strata = [...this.classes.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const quotas = classQuotas(
      strata.map(([, s]) => s.seen),
      limit,
    );
    const picked: T[] = [];
    strata.forEach(([, stratum], i) => {
      const kept = [...stratum.kept];
      // A seeded shuffle, so the first `quota` of a class's reservoir are a uniform sample of it.
      for (let j = kept.length - 1; j > 0; j--) {
        const k = Math.floor(this.random() * (j + 1));
        [kept[j], kept[k]] = [kept[k]!, kept[j]!];
      }
      picked.push(...kept.slice(0, quotas[i]));
    });
    return picked.sort((a, b) => a.row - b.row);
  }
}

/**
 * `limit` of `rows`, drawn from every class of people's labels in proportion (seeded, reproducible),
 * in file order; all of them when `limit` is not below their count.
 *
 * @example
 * const rows = stratifiedSample(set.rows, 100, 20240601);
 */
export function stratifiedSample<T extends SampledRow>(rows: readonly T[], limit: number, seed: number): T[] {
  if (limit >= rows.length) return [...rows];
  const sampler = new StratifiedSampler<T>(limit, seed);
  for (const row of rows) sampler.add(row);
  return sampler.take(limit);
}
