// The bounded memos behind the judge-free metrics' speed: results with and without them are the same
// to the last bit, and what they hold stays bounded however many rows pass through.
import { describe, expect, it } from "vitest";
import { NonLLMContextPrecisionWithReference } from "../../../src/metrics/non-llm-context-precision-with-reference/metric.js";
import { NonLLMContextRecall } from "../../../src/metrics/non-llm-context-recall/metric.js";
import { contextSimilarityMemo } from "../../../src/metrics/shared/base/non-llm-context-metric.js";
import {
  type ContextSimilarities,
  contextSimilarities,
} from "../../../src/metrics/shared/text/context-similarities.js";
import {
  type DistanceMeasure,
  distanceMeasures,
  stringSimilarity,
} from "../../../src/metrics/shared/text/string-distance/similarity.js";
import { ListPairMemo } from "../../../src/util/list-pair-memo.js";
import { lcg, piecesText } from "../../support/generated-text.js";

/** Deterministic texts mixing ASCII words, accents, emoji, combining marks and empty strings. */
function texts(count: number, seed: number): string[] {
  const pieces = ["the", "tower", "Paris", "é", "e\u0301", "😀", "🇫🇷", "", " ", "1889", "capital", "\u0000"];
  const next = lcg(seed);
  return Array.from({ length: count }, () => piecesText(pieces, 12, next, " "));
}

describe("ListPairMemo", () => {
  it("keeps at most its limit of entries and drops the least recently used first", () => {
    const memo = new ListPairMemo<number>({ entries: 200 });
    for (let i = 0; i < 10_000; i++) {
      memo.set([`a${i}`, "x"], [`b${i}`], i);
      expect(memo.size).toBeLessThanOrEqual(200);
    }
    expect(memo.get(["a9999", "x"], ["b9999"])).toBe(9999);
    expect(memo.get(["a9850", "x"], ["b9850"])).toBe(9850);
    expect(memo.get(["a0", "x"], ["b0"])).toBeUndefined();
    // Lists compare item by item, in order, and the pair is ordered.
    expect(memo.get(["a9999"], ["b9999"])).toBeUndefined();
    expect(memo.get(["x", "a9999"], ["b9999"])).toBeUndefined();
    expect(memo.get(["b9999"], ["a9999", "x"])).toBeUndefined();
    memo.clear();
    expect(memo.size).toBe(0);
    expect(memo.get(["a9999", "x"], ["b9999"])).toBeUndefined();
  });

  it("tells apart lists that share their first string, copies the lists, and handles empty lists", () => {
    const memo = new ListPairMemo<string>();
    const first = ["same", "one"];
    memo.set(first, ["r"], "one");
    memo.set(["same", "two"], ["r"], "two");
    memo.set([], [], "empty");
    first[1] = "changed";
    expect(memo.get(["same", "one"], ["r"])).toBe("one");
    expect(memo.get(["same", "two"], ["r"])).toBe("two");
    expect(memo.get(["same", "changed"], ["r"])).toBeUndefined();
    expect(memo.get([], [])).toBe("empty");
    expect(memo.get([], [""])).toBeUndefined();
  });

  it("bounds the characters it holds, and never stores lists above the limit", () => {
    const memo = new ListPairMemo<number>({ entries: 1_000_000, characters: 1_000 });
    const long = "x".repeat(400);
    for (let i = 0; i < 100; i++) memo.set([`${long}${i}`], ["y"], i);
    // 401+ characters per entry, 1,000 in all: at most 2 entries.
    expect(memo.size).toBeLessThanOrEqual(2);
    expect(memo.get([`${long}99`], ["y"])).toBe(99);
    memo.set(["z".repeat(2_000)], ["y"], 1);
    expect(memo.get(["z".repeat(2_000)], ["y"])).toBeUndefined();
  });
});

/** Ragas' loop, written out: the best similarity of each item to any other (item as `reference` or not). */
function bestOf(
  items: string[],
  others: string[],
  measure: DistanceMeasure,
  itemIsReference: boolean,
): number[] {
  return items.map((item) =>
    Math.max(
      Number.NEGATIVE_INFINITY,
      ...others.map((other) =>
        itemIsReference ? stringSimilarity(item, other, measure) : stringSimilarity(other, item, measure),
      ),
    ),
  );
}

describe("context similarity memo", () => {
  it("gives Ragas' per-item maxima with, without and through a warm memo, for every measure", () => {
    const retrieved = texts(12, 1);
    const reference = texts(9, 2);
    for (const measure of distanceMeasures) {
      const expected = {
        retrieved: bestOf(retrieved, reference, measure, true),
        reference: bestOf(reference, retrieved, measure, false),
      };
      const memo = new ListPairMemo<ContextSimilarities>({ entries: 2 });
      expect(contextSimilarities(retrieved, reference, measure, null)).toEqual(expected);
      for (let round = 0; round < 3; round++) {
        const got = contextSimilarities(retrieved, reference, measure, memo);
        expect(got).toEqual(expected);
        got.retrieved[0] = 42; // the caller's own copy: the memo keeps its numbers
      }
      expect(memo.size).toBe(1);
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
    const cold = samples.map((s, row) => {
      memo.clear();
      const p = precision.scoreSync(s, row);
      memo.clear();
      return [p, recall.scoreSync(s, row)];
    });
    memo.clear();
    const warmPrecision = samples.map((s, row) => precision.scoreSync(s, row));
    expect(memo.size).toBe(300);
    const warmRecall = samples.map((s, row) => recall.scoreSync(s, row));
    expect(memo.size).toBe(300); // every recall row was found
    expect(warmPrecision).toEqual(cold.map(([p]) => p));
    expect(warmRecall).toEqual(cold.map(([, r]) => r));
    for (let row = 0; row < 3 * memo.maxEntries; row++)
      memo.set([`r${row}`], [], { retrieved: [], reference: [] });
    expect(memo.size).toBeLessThanOrEqual(2 * memo.maxEntries);
  });
});
