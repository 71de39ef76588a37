import type { Ratings } from "./krippendorff-alpha.js";

/**
 * Fleiss' κ over `ratings` (units × raters) read as labels: the agreement of a fixed number of raters per unit
 * beyond chance, κ = (P̄ − P̄_e) / (1 − P̄_e), where P̄ is the mean share of agreeing rater pairs within a unit and
 * P̄_e the same share expected from the overall label proportions (Fleiss 1971). Fleiss' κ needs the same number
 * of raters on every unit, so only the units where every rater gave a value count (`units` says how many).
 * `value` is `null` when fewer than two raters or no complete unit, or when every value is the same label
 * (P̄_e = 1: κ undefined).
 *
 * @example
 * fleissKappa([[1, 1], [0, 0], [1, 0]]); // { value: 0.33333333333333326, units: 3 }
 */
export function fleissKappa(ratings: Ratings): { value: number | null; units: number } {
  // A loop, not Math.max(...): a spread of one argument per row overflows the stack on a large run.
  const raters = ratings.reduce((most, unit) => Math.max(most, unit.length), 0);
  const complete = ratings.filter(
    (unit) => unit.length === raters && unit.every((v) => v !== null && Number.isFinite(v)),
  ) as readonly (readonly number[])[];
  const units = complete.length;
  if (raters < 2 || units === 0) return { value: null, units };
  const totals = new Map<number, number>();
  let agreement = 0;
  for (const unit of complete) {
    const counts = new Map<number, number>();
    for (const v of unit) counts.set(v, (counts.get(v) ?? 0) + 1);
    let squares = 0;
    for (const [label, c] of counts) {
      squares += c * c;
      totals.set(label, (totals.get(label) ?? 0) + c);
    }
    agreement += (squares - raters) / (raters * (raters - 1));
  }
  const observed = agreement / units;
  let chance = 0;
  for (const c of totals.values()) chance += (c / (units * raters)) ** 2;
  if (chance >= 1) return { value: null, units };
  return { value: (observed - chance) / (1 - chance), units };
}
