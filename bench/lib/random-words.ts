// Deterministic generated text for the benches: a small vocabulary and a seeded generator, so every run
// scores the same rows.

/** Words the generated rows are made of. */
export const benchWords = (
  "the a of in to and retrieval answer context paris france tower eiffel located capital document " +
  "model judge evaluation offline score metric token river mountain history science 1889 2024 fast local"
).split(" ");

/**
 * A deterministic pseudo-random generator (mulberry32) in [0, 1).
 *
 * @example
 * const rand = seededRandom(7);
 */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
