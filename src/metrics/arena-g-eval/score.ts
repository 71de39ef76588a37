// The head-to-head formulas: which candidate is shown first in each pair (seeded), and the tally of the verdicts
// into win shares, ties and the position-flip rate. Pure; the judge calls are in judge.ts.
import { createHash } from "node:crypto";

/** One judged ordering of a pair: the candidates as shown (first, second) and the winner by name, null for a tie. */
export interface OrderedVerdict {
  shown: readonly [first: string, second: string];
  winner: string | null;
  /** P(each candidate wins) and P(tie) at the verdict slot, by candidate name and `"tie"`, when the judge read them. */
  probabilities?: Record<string, number>;
}

/** Every pair of candidates, in name order (i < j), for a row's candidates. */
export function candidatePairs(names: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < names.length; i++)
    for (let j = i + 1; j < names.length; j++) pairs.push([names[i]!, names[j]!]);
  return pairs;
}

/**
 * The orderings to judge for one pair: the seeded one first (which candidate goes first is a bit of
 * sha256(seed, row key, pair), so it is the same on every run and machine), then, with `swap`, the reverse.
 *
 * @example
 * pairOrderings(["a", "b"], 0, "row text", true); // [["b", "a"], ["a", "b"]] or [["a", "b"], ["b", "a"]]
 */
export function pairOrderings(
  pair: readonly [string, string],
  seed: number,
  rowKey: string,
  swap: boolean,
): Array<[string, string]> {
  const bit =
    createHash("sha256")
      .update(JSON.stringify([seed, rowKey, pair]))
      .digest()[0]! & 1;
  const first: [string, string] = bit === 0 ? [pair[0], pair[1]] : [pair[1], pair[0]];
  return swap ? [first, [first[1], first[0]]] : [first];
}

/** A row's head-to-head result. */
export interface ArenaTally {
  /** Per candidate: (wins + half the ties) over the judged orderings it was in, 0..1. */
  winShare: Record<string, number>;
  /** Per candidate: the same share from the verdict probabilities, when every ordering's were read. */
  expectedWinShare?: Record<string, number>;
  /** Per candidate: judged orderings it won. */
  wins: Record<string, number>;
  /** Judged orderings with a tie verdict. */
  ties: number;
  /** The candidate with the highest win share; null when two or more share it. */
  winner: string | null;
  /** Pairs judged in both orders. */
  swappedPairs: number;
  /** Pairs whose winner (or tie) changed when the order was swapped. */
  positionFlips: number;
  /** positionFlips / swappedPairs; null when no pair was judged in both orders. */
  positionFlipRate: number | null;
}

/**
 * Tallies a row's verdicts: each candidate's win share (ties count half), the ties, the winner, and how often a pair's
 * verdict changed when its order was swapped (two orderings of the same pair with different winners).
 *
 * @example
 * tallyArena(["a", "b"], [
 *   { shown: ["a", "b"], winner: "a" },
 *   { shown: ["b", "a"], winner: "b" },
 * ]); // winShare { a: 0.5, b: 0.5 }, positionFlips 1, positionFlipRate 1
 */
export function tallyArena(names: readonly string[], verdicts: readonly OrderedVerdict[]): ArenaTally {
  const wins: Record<string, number> = {};
  const judged: Record<string, number> = {};
  const tieCount: Record<string, number> = {};
  const expected: Record<string, number> = {};
  for (const name of names) {
    wins[name] = 0;
    judged[name] = 0;
    tieCount[name] = 0;
    expected[name] = 0;
  }
  let ties = 0;
  const byPair = new Map<string, Array<string | null>>();
  for (const v of verdicts) {
    const [a, b] = v.shown;
    judged[a]!++;
    judged[b]!++;
    if (v.winner === null) {
      ties++;
      tieCount[a]!++;
      tieCount[b]!++;
    } else wins[v.winner]!++;
    if (v.probabilities !== undefined) {
      const tie = v.probabilities.tie ?? 0;
      expected[a]! += (v.probabilities[a] ?? 0) + tie / 2;
      expected[b]! += (v.probabilities[b] ?? 0) + tie / 2;
    }
    const key = JSON.stringify([a, b].sort());
    byPair.set(key, [...(byPair.get(key) ?? []), v.winner]);
  }
  const share = (n: number, name: string) => (judged[name]! > 0 ? n / judged[name]! : 0);
  const winShare = Object.fromEntries(names.map((n) => [n, share(wins[n]! + tieCount[n]! / 2, n)]));
  const read = verdicts.length > 0 && verdicts.every((v) => v.probabilities !== undefined);
  const swapped = [...byPair.values()].filter((w) => w.length === 2);
  const positionFlips = swapped.filter((w) => w[0] !== w[1]).length;
  const best = Math.max(...Object.values(winShare));
  const leaders = names.filter((n) => winShare[n] === best);
  return {
    winShare,
    ...(read ? { expectedWinShare: Object.fromEntries(names.map((n) => [n, share(expected[n]!, n)])) } : {}),
    wins,
    ties,
    winner: leaders.length === 1 ? leaders[0]! : null,
    swappedPairs: swapped.length,
    positionFlips,
    positionFlipRate: swapped.length > 0 ? positionFlips / swapped.length : null,
  };
}
