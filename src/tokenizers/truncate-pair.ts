import { InvalidInputError } from "../errors.js";

/**
 * How a pair that does not fit is cut, as in Hugging Face tokenizers: `longest_first` shortens the longer segment
 * first (both when needed), `only_first` / `only_second` cut only that segment.
 */
export type PairTruncation = "longest_first" | "only_first" | "only_second";

/** The truncation strategies, for option checks. */
export const PAIR_TRUNCATIONS: readonly PairTruncation[] = ["longest_first", "only_first", "only_second"];

/**
 * How many tokens of each segment to keep so that `first + second <= budget` (the budget excludes special
 * tokens). `longest_first` follows the Rust `tokenizers` algorithm exactly: with n1 the shorter length, the longer
 * keeps `max(n1, budget - n1)`; if that still does not fit, both are cut to `budget / 2` (the longer one gets the
 * odd token). `only_*` throws an {@link InvalidInputError} when the other segment alone leaves no room.
 */
export function truncatePair(
  firstLength: number,
  secondLength: number,
  budget: number,
  truncation: PairTruncation,
): { first: number; second: number } {
  if (firstLength + secondLength <= budget) return { first: firstLength, second: secondLength };
  if (truncation === "only_first" || truncation === "only_second") {
    const cutFirst = truncation === "only_first";
    const kept = budget - (cutFirst ? secondLength : firstLength);
    if (kept < 1) {
      const other = cutFirst ? "second" : "first";
      throw new InvalidInputError(
        `the ${other} text alone takes ${cutFirst ? secondLength : firstLength} tokens, and the pair may hold ${budget} ` +
          `(special tokens excluded): shorten the ${other} text`,
        { field: other },
      );
    }
    return cutFirst ? { first: kept, second: secondLength } : { first: firstLength, second: kept };
  }
  const swap = firstLength > secondLength;
  let short = swap ? secondLength : firstLength;
  let long = swap ? firstLength : secondLength;
  long = short > budget ? short : Math.max(short, budget - short);
  if (short + long > budget) {
    short = Math.floor(budget / 2);
    long = short + (budget % 2);
  }
  return swap ? { first: long, second: short } : { first: short, second: long };
}
