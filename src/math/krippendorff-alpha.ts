/**
 * How the values of an agreement measure are compared: `nominal` values are labels (equal or not), `interval`
 * values are numbers whose squared difference is the disagreement.
 */
export type AgreementScale = "nominal" | "interval";

/**
 * Ratings of several raters on several units: one array per unit (a row), one entry per rater, `null` where the
 * rater gave no value. Raters keep their position in every unit.
 */
export type Ratings = readonly (readonly (number | null)[])[];

/** Sum of squared deviations from the mean, and the count (centred, so no cancellation). */
function squaredDeviations(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  const centre = sum / values.length;
  let squares = 0;
  for (const v of values) squares += (v - centre) * (v - centre);
  return squares;
}

/** Σ over ordered pairs i ≠ j of [a_i ≠ a_j]: m² − Σ_c m_c². */
function unequalPairs(values: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let same = 0;
  for (const c of counts.values()) same += c * c;
  return values.length * values.length - same;
}

/** Σ over ordered pairs i ≠ j of δ(a_i, a_j) for the scale's δ. */
function pairDisagreement(values: readonly number[], scale: AgreementScale): number {
  return scale === "nominal" ? unequalPairs(values) : 2 * values.length * squaredDeviations(values);
}

/**
 * Krippendorff's α over `ratings` (units × raters, `null` for a missing value), by Krippendorff's definition
 * α = 1 − D_o / D_e: D_o is the disagreement observed within units, D_e the disagreement expected from all pairable
 * values taken together. Only units with two or more values are pairable; any number of raters and missing values
 * are allowed. `nominal` compares labels (δ = 0 or 1), `interval` squared differences. 1 is perfect agreement, 0 the
 * agreement of chance, below 0 systematic disagreement. `null` when fewer than two values are pairable or when all
 * pairable values are the same (D_e = 0: nothing to disagree on, α undefined).
 *
 * @example
 * krippendorffAlpha([[1, 1], [0, 0], [1, 0]], "nominal"); // 0.4444444444444444
 */
export function krippendorffAlpha(ratings: Ratings, scale: AgreementScale): number | null {
  const pairable: number[] = [];
  let within = 0;
  for (const unit of ratings) {
    const values = unit.filter((v): v is number => v !== null && Number.isFinite(v));
    if (values.length < 2) continue;
    within += pairDisagreement(values, scale) / (values.length - 1);
    pairable.push(...values);
  }
  const n = pairable.length;
  if (n < 2) return null;
  const expected = pairDisagreement(pairable, scale);
  if (expected === 0) return null;
  return 1 - ((n - 1) * within) / expected;
}
