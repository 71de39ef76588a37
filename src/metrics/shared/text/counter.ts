/** Counts of each key, as Python's `collections.Counter` holds them. */
export type Counter = Map<string, number>;

/** Adds one occurrence of `key`. */
export function countInto(counter: Counter, key: string): void {
  counter.set(key, (counter.get(key) ?? 0) + 1);
}

/** Sum of all counts (Python `sum(c.values())`). */
export function total(counter: Counter): number {
  let sum = 0;
  for (const n of counter.values()) sum += n;
  return sum;
}

/** Sum over keys of the smaller count (Python `sum((a & b).values())`). */
export function overlap(a: Counter, b: Counter): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [key, n] of small) {
    const m = large.get(key);
    if (m !== undefined) sum += Math.min(n, m);
  }
  return sum;
}

/** Counts the n-grams of `items`, joined by `separator` (which must not occur inside an item). */
export function ngramCounts(items: readonly string[], n: number, separator: string): Counter {
  const counts: Counter = new Map();
  for (let i = 0; i + n <= items.length; i++) {
    countInto(counts, n === 1 ? items[i]! : items.slice(i, i + n).join(separator));
  }
  return counts;
}
