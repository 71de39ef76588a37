/**
 * Deterministic pseudo-random texts for equivalence tests: a fast path checked against a reference
 * implementation on many generated inputs.
 *
 * @example
 * const next = lcg(7);
 * const line = piecesText(["a", ".", " "], 14, next);
 */

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
