import { InvalidInputError } from "../errors.js";

/**
 * Checks `evaluate`'s `concurrency` option: absent, or a whole number >= 1. Anything else (0, -1, 2.5,
 * NaN, "4") is an `InvalidInputError` naming the option, instead of being rounded into range.
 *
 * @example
 * checkConcurrencyOption(0); // throws: evaluate option "concurrency" must be a whole number >= 1 (got 0)
 */
export function checkConcurrencyOption(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw new InvalidInputError(
      `evaluate option "concurrency" must be a whole number >= 1 (got ${typeof value === "string" ? `"${value}"` : String(value)}); leave it out for the default`,
    );
  }
  return value;
}
