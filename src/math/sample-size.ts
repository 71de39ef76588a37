// How many rows a comparison needs: the smallest detectable difference and the rows to detect a given one.
import { intervalTails } from "./bootstrap.js";
import { normalQuantile } from "./distributions.js";

/** Options of {@link detectableDifference} and {@link rowsToDetect}. */
export interface PowerOptions {
  /** Confidence level of the two-sided test (1 − α). Defaults to 0.95. */
  level?: number;
  /** Power: the chance of detecting a true difference of that size. Defaults to 0.8. */
  power?: number;
}

function zSum(options: PowerOptions): number {
  const power = options.power ?? 0.8;
  if (!(power > 0 && power < 1)) throw new RangeError(`the power must lie between 0 and 1, got ${power}`);
  return normalQuantile(intervalTails(options.level ?? 0.95)[1]) + normalQuantile(power);
}

/**
 * The smallest true difference a two-sided test at `level` detects with probability `power`, given the standard
 * error of the mean difference: (z_{1−α/2} + z_{power}) · SE (the normal approximation; Cohen 1988, ch. 2).
 *
 * @example
 * detectableDifference(0.02); // 0.0560… (95% level, 80% power)
 */
export function detectableDifference(standardError: number, options: PowerOptions = {}): number {
  return zSum(options) * standardError;
}

/**
 * Rows needed to detect a true difference of `difference` at `level` with probability `power`, when `rows` rows
 * give a mean difference the standard error `standardError` (which shrinks as 1/√rows): ⌈rows · ((z_{1−α/2} +
 * z_{power}) · SE / difference)²⌉.
 *
 * @example
 * rowsToDetect(0.05, 0.02, 100); // 126
 */
export function rowsToDetect(
  difference: number,
  standardError: number,
  rows: number,
  options: PowerOptions = {},
): number {
  if (!(difference > 0)) throw new RangeError(`the difference to detect must be above 0, got ${difference}`);
  return Math.ceil(rows * ((zSum(options) * standardError) / difference) ** 2);
}
