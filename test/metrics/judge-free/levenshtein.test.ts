// The unrolled bit-parallel Levenshtein (shorter string of 33..96 code units) against
// fastest-levenshtein, which the other lengths still use, and against the textbook table.
import { distance } from "fastest-levenshtein";
import { describe, expect, it } from "vitest";
import { unitLevenshtein } from "../../../src/metrics/shared/text/string-distance/levenshtein.js";
import { lcg } from "../../support/generated-text.js";

function tableDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length]!;
}

describe("unitLevenshtein", () => {
  it("equals fastest-levenshtein on 30,000 generated pairs around the word boundaries", () => {
    const next = lcg(13);
    const alphabets = ["ab", "abcdxyz", "the quick brown fox.", "é😀\u0000a"];
    for (let i = 0; i < 30_000; i++) {
      const alphabet = alphabets[i % alphabets.length]!;
      const text = (max: number) =>
        Array.from(
          { length: Math.floor(next() * max) },
          () => alphabet[Math.floor(next() * alphabet.length)],
        ).join("");
      const a = text(next() < 0.5 ? 100 : 140);
      const b = text(next() < 0.5 ? 100 : 140);
      expect(unitLevenshtein(a, b), JSON.stringify([a, b])).toBe(distance(a, b));
    }
  });

  it("equals the full table at each length from 30 to 100, against shorter and longer texts", () => {
    const next = lcg(17);
    const text = (n: number) => Array.from({ length: n }, () => "abcde"[Math.floor(next() * 5)]).join("");
    for (let n = 30; n <= 100; n++) {
      for (const m of [n, n + 1, n + 40, 200]) {
        const a = text(n);
        const b = text(m);
        expect(unitLevenshtein(a, b)).toBe(tableDistance(a, b));
        expect(unitLevenshtein(b, a)).toBe(tableDistance(a, b));
      }
    }
    expect(unitLevenshtein("a".repeat(64), "")).toBe(64);
    expect(unitLevenshtein("a".repeat(96), "a".repeat(96))).toBe(0);
  });
});
