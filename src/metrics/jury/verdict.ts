import type { AgreementScale } from "../../math/krippendorff-alpha.js";

/** How a jury turns its judges' values into one value. */
export const juryAggregates = ["majority", "mean", "median", "min"] as const;

/**
 * `majority`: the value most judges gave (a tie goes to the tied value given first, in the order of the judges);
 * `mean`, `median`: of the values given; `min`: the lowest value given (the strictest judge decides).
 */
export type JuryAggregate = (typeof juryAggregates)[number];

/**
 * The scale the judges' values are compared on when none is given: labels (`nominal`) for a majority vote, numbers
 * (`interval`) for the others.
 *
 * @example
 * defaultJuryScale("majority"); // "nominal"
 */
export function defaultJuryScale(aggregate: JuryAggregate): AgreementScale {
  return aggregate === "majority" ? "nominal" : "interval";
}

/** Each value with how many judges gave it, in the order of first vote. */
function tally(values: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

/** The value given most often; a tie goes to the one given first. */
function majorityValue(values: readonly number[]): number {
  let best = values[0]!;
  let bestCount = 0;
  for (const [value, count] of tally(values)) {
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

function medianValue(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The jury's value from the values its judges gave (at least one; judges that gave none are left out first).
 *
 * @example
 * juryValue([1, 0, 1], "majority"); // 1
 * juryValue([0.8, 0.4], "mean"); // 0.6000000000000001
 */
export function juryValue(values: readonly number[], aggregate: JuryAggregate): number {
  if (values.length === 0) throw new RangeError("juryValue needs at least one value");
  switch (aggregate) {
    case "majority":
      return majorityValue(values);
    case "mean":
      return values.reduce((sum, v) => sum + v, 0) / values.length;
    case "median":
      return medianValue(values);
    case "min":
      return Math.min(...values);
  }
}

/**
 * How far a row's judges disagree, 0 when they all gave the same value: on the `interval` scale the spread (highest
 * minus lowest value), on the `nominal` scale the share of judges that did not give the most common value. `null`
 * with fewer than two values.
 *
 * @example
 * rowDisagreement([0.9, 0.5, 0.7], "interval"); // 0.4
 * rowDisagreement([1, 0, 1], "nominal"); // 0.33333333333333337
 */
export function rowDisagreement(values: readonly number[], scale: AgreementScale): number | null {
  if (values.length < 2) return null;
  if (scale === "interval") return Math.max(...values) - Math.min(...values);
  const top = Math.max(...tally(values).values());
  return 1 - top / values.length;
}
