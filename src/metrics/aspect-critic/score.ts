/**
 * The verdict most votes gave. `votes` must be an odd number of 0/1 verdicts, so there is no tie.
 *
 * @example
 * majorityVerdict([1, 0, 1]); // 1
 */
export function majorityVerdict(votes: readonly (0 | 1)[]): 0 | 1 {
  if (votes.length % 2 === 0)
    throw new RangeError(`majority of ${votes.length} votes can tie; use an odd count`);
  const yes = votes.filter((v) => v === 1).length;
  return yes * 2 > votes.length ? 1 : 0;
}

/**
 * The seeds of `strictness` votes: `seed`, `seed + 1`, ... (each below 2^32), so every vote samples differently and
 * the whole set repeats on the next run.
 *
 * @example
 * voteSeeds(3, 42); // [42, 43, 44]
 */
export function voteSeeds(strictness: number, seed: number): number[] {
  return Array.from({ length: strictness }, (_, i) => (seed + i) % 2 ** 32);
}
