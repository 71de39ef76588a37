// The bounded memos behind the judge-free metrics' speed: results with and without them are the same
// to the last bit, and what they hold stays bounded however many rows pass through.
import { describe, expect, it } from "vitest";
import { NonLLMContextPrecisionWithReference } from "../../../src/metrics/non-llm-context-precision-with-reference/metric.js";
import {
  bestSimilarities,
  contextSimilarityMemo,
} from "../../../src/metrics/non-llm-context-precision-with-reference/score.js";
import { NonLLMContextRecall } from "../../../src/metrics/non-llm-context-recall/metric.js";
import { distanceMeasures } from "../../../src/metrics/non-llm-string-similarity/score.js";
import { PairMemo } from "../../../src/util/pair-memo.js";

/** Deterministic texts mixing ASCII words, accents, emoji, combining marks and empty strings. */
function texts(count: number, seed: number): string[] {
  const pieces = ["the", "tower", "Paris", "é", "e\u0301", "😀", "🇫🇷", "", " ", "1889", "capital", "\u0000"];
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(next() * 12) }, () => pieces[Math.floor(next() * pieces.length)]).join(
      " ",
    ),
  );
}

describe("PairMemo", () => {
  it("keeps at most two generations of pairs and drops the oldest first", () => {
    const memo = new PairMemo<number>({ pairs: 100 });
    for (let i = 0; i < 10_000; i++) {
      memo.set(`a${i}`, `b${i}`, i);
      expect(memo.size).toBeLessThanOrEqual(200);
    }
    expect(memo.get("a9999", "b9999")).toBe(9999);
    expect(memo.get("a9850", "b9850")).toBe(9850);
    expect(memo.get("a0", "b0")).toBeUndefined();
    expect(memo.get("b9999", "a9999")).toBeUndefined(); // ordered pairs
    memo.clear();
    expect(memo.size).toBe(0);
    expect(memo.get("a9999", "b9999")).toBeUndefined();
  });

  it("bounds the characters it holds, and never stores a pair above the limit", () => {
    const memo = new PairMemo<number>({ pairs: 1_000_000, characters: 1_000 });
    const long = "x".repeat(400);
    for (let i = 0; i < 100; i++) memo.set(`${long}${i}`, "y", i);
    // 401+ characters per pair, 1,000 per generation: at most 2 pairs per generation.
    expect(memo.size).toBeLessThanOrEqual(4);
    expect(memo.get(`${long}99`, "y")).toBe(99);
    memo.set("z".repeat(2_000), "y", 1);
    expect(memo.get("z".repeat(2_000), "y")).toBeUndefined();
  });
});

describe("context similarity memo", () => {
  it("gives the same similarities with, without and through a warm memo, for every measure", () => {
    const retrieved = texts(12, 1);
    const reference = texts(9, 2);
    for (const measure of distanceMeasures) {
      const memo = new PairMemo<number>({ pairs: 16 }); // small: generations rotate within one call
      const plain = [
        bestSimilarities(retrieved, reference, measure, true, null),
        bestSimilarities(reference, retrieved, measure, false, null),
      ];
      for (let round = 0; round < 2; round++) {
        expect(bestSimilarities(retrieved, reference, measure, true, memo)).toEqual(plain[0]);
        expect(bestSimilarities(reference, retrieved, measure, false, memo)).toEqual(plain[1]);
      }
      expect(memo.size).toBeLessThanOrEqual(32);
    }
  });

  it("gives precision and recall the same results cold and warm, and stays bounded over many rows", () => {
    const precision = new NonLLMContextPrecisionWithReference();
    const recall = new NonLLMContextRecall();
    const samples = Array.from({ length: 300 }, (_, row) => ({
      retrievedContexts: texts(4, row * 2 + 1),
      referenceContexts: texts(3, row * 2 + 2),
    }));
    const memo = contextSimilarityMemo("levenshtein");
    memo.clear();
    const cold = samples.map((s, row) => {
      memo.clear();
      return [precision.scoreSync(s, row), recall.scoreSync(s, row)];
    });
    memo.clear();
    const warmPrecision = samples.map((s, row) => precision.scoreSync(s, row));
    expect(memo.size).toBeGreaterThan(0);
    const warmRecall = samples.map((s, row) => recall.scoreSync(s, row));
    expect(warmPrecision).toEqual(cold.map(([p]) => p));
    expect(warmRecall).toEqual(cold.map(([, r]) => r));
    expect(memo.size).toBeLessThanOrEqual(2 * memo.maxPairs);
  });
});
