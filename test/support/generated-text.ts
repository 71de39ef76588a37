/**
 * Deterministic pseudo-random texts for equivalence tests: a fast path checked against a reference
 * implementation on many generated inputs.
 *
 * @example
 * const next = lcg(7);
 * const line = piecesText(["a", ".", " "], 14, next);
 */
import { expect } from "vitest";

/** A linear congruential generator: numbers in [0, 1), the same sequence for the same seed. */
export function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

/** Up to `maxPieces - 1` pieces drawn from `pieces` and joined with `separator`. */
export function piecesText(
  pieces: readonly string[],
  maxPieces: number,
  next: () => number,
  separator = "",
): string {
  return Array.from(
    { length: Math.floor(next() * maxPieces) },
    () => pieces[Math.floor(next() * pieces.length)],
  ).join(separator);
}

/**
 * Checks `actual(input)` against `expected(input)` on `count` generated inputs (`generate(next, i)`
 * with a generator seeded by `seed`); a failure names the input as JSON.
 */
export function expectSameOnGenerated<T>(
  count: number,
  seed: number,
  generate: (next: () => number, i: number) => T,
  actual: (input: T) => unknown,
  expected: (input: T) => unknown,
): void {
  const next = lcg(seed);
  for (let i = 0; i < count; i++) {
    const input = generate(next, i);
    expect(actual(input), JSON.stringify(input)).toEqual(expected(input));
  }
}
