// The formulas of answer_relevancy, semantic_similarity, faithfulness and context_relevance as pure
// functions (score.ts of each metric folder), with the Ragas and Haystack conventions as parameters.
import { describe, expect, it } from "vitest";
import { answerRelevancyScore } from "../../src/metrics/answer-relevancy/score.js";
import { contextRelevanceScore } from "../../src/metrics/context-relevance/score.js";
import { faithfulnessScore, supportedCount } from "../../src/metrics/faithfulness/score.js";
import { semanticSimilarityScore } from "../../src/metrics/semantic-similarity/score.js";
import { mergePartVerdicts } from "../../src/metrics/shared/judge/statements/merge.js";

describe("faithfulnessScore", () => {
  const v = (...verdicts: Array<0 | 1>) => verdicts.map((verdict) => ({ verdict }));

  it("is supported statements over all statements, in both conventions", () => {
    expect(faithfulnessScore(v(1, 0, 1, 1), { noStatements: "null" })).toBe(0.75);
    expect(faithfulnessScore(v(1, 0, 1, 1), { noStatements: "zero" })).toBe(0.75);
    expect(faithfulnessScore(v(0, 0), { noStatements: "null" })).toBe(0);
    expect(supportedCount(v(1, 0, 1))).toBe(2);
  });

  it("gives null with no statements for Ragas and 0 for Haystack", () => {
    expect(faithfulnessScore([], { noStatements: "null" })).toBeNull();
    expect(faithfulnessScore([], { noStatements: "zero" })).toBe(0);
  });

  it("merges split verdicts: supported when any part supports, with that part's reason", () => {
    expect(
      mergePartVerdicts([
        { verdict: 0, reason: "not in part 1" },
        { verdict: 1, reason: "part 2 says so" },
        { verdict: 1, reason: "part 3 too" },
      ]),
    ).toEqual({ verdict: 1, reason: "part 2 says so" });
    expect(
      mergePartVerdicts([
        { verdict: 0, reason: "first" },
        { verdict: 0, reason: "second" },
      ]),
    ).toEqual({ verdict: 0, reason: "first" });
  });
});

describe("contextRelevanceScore", () => {
  it("statements mode: the fraction of relevant statements, 0 without statements", () => {
    expect(contextRelevanceScore([1, 0, 0, 1], "statements")).toBe(0.5);
    expect(contextRelevanceScore([0, 0, 0], "statements")).toBe(0);
    expect(contextRelevanceScore([], "statements")).toBe(0);
  });

  it("relevant-statements mode: 1 when any statement is relevant, else 0", () => {
    expect(contextRelevanceScore([1, 1, 1], "relevant-statements")).toBe(1);
    expect(contextRelevanceScore([1], "relevant-statements")).toBe(1);
    expect(contextRelevanceScore([], "relevant-statements")).toBe(0);
  });
});

describe("answerRelevancyScore", () => {
  it("is the mean similarity (not clamped) for a committal response", () => {
    expect(answerRelevancyScore([0.5, -0.25, 1], [false, false, false], "all")).toEqual({
      value: 0.4166666666666667,
      meanSimilarity: 0.4166666666666667,
      noncommittal: false,
    });
  });

  it('"all" zeroes only when every question is flagged; "any" when one is', () => {
    expect(answerRelevancyScore([0.8, 0.6], [true, false], "all").value).toBe(0.7);
    expect(answerRelevancyScore([0.8, 0.6], [true, false], "any")).toEqual({
      value: 0,
      meanSimilarity: 0.7,
      noncommittal: true,
    });
    expect(answerRelevancyScore([0.8, 0.6], [true, true], "all").value).toBe(0);
  });
});

describe("semanticSimilarityScore", () => {
  it("is the cosine without a threshold, 0/1 with one, and 0 is a real threshold", () => {
    expect(semanticSimilarityScore(-0.2, undefined)).toBe(-0.2);
    expect(semanticSimilarityScore(0.83, 0.9)).toBe(0);
    expect(semanticSimilarityScore(0.9, 0.9)).toBe(1);
    expect(semanticSimilarityScore(0, 0)).toBe(1);
    expect(semanticSimilarityScore(-0.01, 0)).toBe(0);
  });
});
