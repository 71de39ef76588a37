import { InvalidInputError } from "../../errors.js";

/**
 * Checks an F-beta `beta` option (answer correctness, factual correctness): a finite number above 0.
 *
 * @example
 * const beta = checkBeta(options.beta ?? 1);
 */
export function checkBeta(beta: unknown): number {
  if (typeof beta !== "number" || !Number.isFinite(beta) || beta <= 0) {
    throw new InvalidInputError(
      `must be a number above 0 (above 1 favours recall, below 1 precision), got ${String(beta)}`,
      { field: "beta" },
    );
  }
  return beta;
}
