/**
 * mulberry32: a small, fast, seeded PRNG with uniform output in [0, 1). Pure 32-bit integer
 * arithmetic, so a seed gives the same sequence on every run, platform and Node version. The test
 * model generators use it so their files have the same bytes every time.
 *
 * @param seed Any number; only its low 32 bits are used.
 * @example
 * const next = mulberry32(20240601);
 * const weight = (next() * 2 - 1) * 0.1; // uniform in [-0.1, 0.1)
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
