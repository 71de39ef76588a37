/**
 * Arithmetic mean of the numbers, summed left to right; `null` for an empty list.
 *
 * @example
 * mean([1, 0, 1, 1]); // 0.75
 * mean([]); // null
 */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/**
 * Mean of the non-null numbers; `null` when there are none. Used for aggregates that skip failed rows.
 *
 * @example
 * meanOfPresent([1, null, 0]); // 0.5
 */
export function meanOfPresent(values: ReadonlyArray<number | null>): number | null {
  return mean(values.filter((v): v is number => v !== null));
}
