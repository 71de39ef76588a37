import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../../src/errors.js";
import * as m from "../../../src/index.js";
import { DocumentMRREvaluator } from "../../../src/metrics/document-mrr/evaluator.js";
import { stringSimilarity } from "../../../src/metrics/shared/text/string-distance/similarity.js";

const pairMetrics = [
  new m.ExactMatch(),
  new m.StringPresence(),
  new m.NonLLMStringSimilarity(),
  new m.BleuScore(),
  new m.RougeScore(),
  new m.ChrfScore(),
];

function thrown(fn: () => unknown): InvalidInputError {
  try {
    fn();
  } catch (err) {
    if (err instanceof InvalidInputError) return err;
    throw err;
  }
  throw new Error("expected an InvalidInputError");
}

describe("empty strings", () => {
  it("score as the reference libraries do", () => {
    const values = pairMetrics.map((metric) => metric.scoreSync({ response: "", reference: "" }).value);
    // exact match 1, "" in "" 1, similarity of two empty strings 1, BLEU 0, ROUGE 0, chrF 0 (Ragas' guard).
    expect(values).toEqual([1, 1, 1, 0, 0, 0]);
    expect(new m.StringPresence().scoreSync({ response: "anything", reference: "" }).value).toBe(1);
    expect(new m.NonLLMStringSimilarity().scoreSync({ response: "abc", reference: "" }).value).toBe(0);
  });
});

describe("empty lists", () => {
  it("give null with a reason where Ragas gives NaN or raises, and 0 where it gives 0", () => {
    const ids = (retrievedContextIds: string[], referenceContextIds: string[]) => ({
      retrievedContextIds,
      referenceContextIds,
    });
    const p = new m.IDBasedContextPrecision().scoreSync(ids([], ["a"]));
    expect(p.value).toBeNull();
    expect(p.reason).toMatch(/retrievedContextIds is empty/);
    expect(new m.IDBasedContextRecall().scoreSync(ids(["a"], [])).value).toBeNull();
    expect(new m.IDBasedContextRecall().scoreSync(ids([], ["a"])).value).toBe(0);
    const ctx = (retrievedContexts: string[], referenceContexts: string[]) => ({
      retrievedContexts,
      referenceContexts,
    });
    expect(new m.NonLLMContextPrecisionWithReference().scoreSync(ctx([], ["a"])).value).toBe(0);
    expect(new m.NonLLMContextPrecisionWithReference().scoreSync(ctx(["a"], [])).value).toBeNull();
    expect(new m.NonLLMContextRecall().scoreSync(ctx(["a"], [])).value).toBeNull();
    expect(new m.NonLLMContextRecall().scoreSync(ctx([], ["a"])).value).toBeNull();
    const docs = { groundTruthDocuments: [], retrievedDocuments: [] };
    expect(new m.DocumentMRR().scoreSync(docs).value).toBe(0);
    expect(new m.DocumentMAP().scoreSync(docs).value).toBe(0);
    expect(new m.DocumentRecall().scoreSync(docs).value).toBe(0);
  });
});

describe("NUL, emoji and combining marks", () => {
  it("count lengths in code points and never normalise", () => {
    expect(stringSimilarity("😀", "😃", "levenshtein")).toBe(0);
    expect(stringSimilarity("😀a", "😀b", "hamming")).toBe(0.5);
    expect(stringSimilarity("🇫🇷", "🇫🇷", "jaro")).toBe(1);
    // "é" precomposed (1 code point) vs "e" + U+0301 (2 code points): distance 2 over length 2.
    expect(stringSimilarity("\u00e9", "e\u0301", "levenshtein")).toBe(0);
    expect(new m.ExactMatch().scoreSync({ response: "\u00e9", reference: "e\u0301" }).value).toBe(0);
    expect(new m.ExactMatch().scoreSync({ response: "a\u0000b", reference: "a\u0000b" }).value).toBe(1);
    expect(stringSimilarity("a\u0000b", "a\u0000c", "levenshtein")).toBeCloseTo(2 / 3, 12);
    expect(new m.StringPresence().scoreSync({ response: "x\u0000y", reference: "\u0000" }).value).toBe(1);
  });
  it("tokenise them as the reference tokenizers do", () => {
    // rouge_score keeps only [a-z0-9]: the emoji and the accented letters vanish, "caf" remains.
    expect(new m.RougeScore().scoreSync({ reference: "café 😀", response: "cafe" }).value).toBe(0);
    expect(new m.RougeScore().scoreSync({ reference: "café 😀", response: "caf" }).value).toBe(1);
    // chrF counts code points: an emoji is one character, a combining mark another.
    expect(new m.ChrfScore().scoreSync({ reference: "😀😀", response: "😀😀" }).value).toBe(1);
    // NUL is no whitespace to Python's split: "a\u0000b" is one token. sacrebleu 2.6.0 prints
    // 1.0000000000000004 here too (the geometric mean of four 100% precisions).
    expect(
      new m.BleuScore().scoreSync({ reference: "a\u0000b c d e", response: "a\u0000b c d e" }).value,
    ).toBe(1.0000000000000004);
  });
});

describe("10,000 contexts in a row", () => {
  const many = Array.from({ length: 10_000 }, (_, i) => `context number ${i}`);
  it("scores contexts, ids and documents", () => {
    const precision = new m.NonLLMContextPrecisionWithReference().scoreSync({
      retrievedContexts: many,
      referenceContexts: ["context number 9999"],
    });
    expect(precision.value).toBeGreaterThan(0);
    expect(precision.details?.verdicts).toHaveLength(10_000);
    const ids = many.map((_, i) => `doc_${i}`);
    expect(
      new m.IDBasedContextRecall().scoreSync({ retrievedContextIds: ids, referenceContextIds: ["doc_9999"] })
        .value,
    ).toBe(1);
    const mrr = new m.DocumentMRR().scoreSync({
      groundTruthDocuments: [{ content: "context number 9999" }],
      retrievedDocuments: many.map((content) => ({ content })),
    });
    expect(mrr).toMatchObject({ value: 1 / 10_000, details: { firstHitRank: 10_000 } });
  });
});

describe("bad input is an InvalidInputError naming the field and the row", () => {
  it("pair metrics", async () => {
    for (const metric of pairMetrics) {
      const err = await metric
        .scoreBatch([
          { response: "a", reference: "a" },
          { response: 42 as unknown as string, reference: "a" },
        ])
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InvalidInputError);
      expect(err).toMatchObject({ row: 1, field: "response" });
    }
    expect(thrown(() => new m.BleuScore().scoreSync({ response: "a" }, 7))).toMatchObject({
      row: 7,
      field: "reference",
    });
  });
  it("ids, contexts and documents", () => {
    expect(
      thrown(() =>
        new m.IDBasedContextPrecision().scoreSync({ retrievedContextIds: [1.5], referenceContextIds: [] }, 2),
      ),
    ).toMatchObject({ row: 2, field: "retrievedContextIds[0]" });
    expect(
      thrown(() =>
        new m.NonLLMContextRecall().scoreSync(
          { retrievedContexts: ["a", null as unknown as string], referenceContexts: [] },
          4,
        ),
      ),
    ).toMatchObject({ row: 4, field: "retrievedContexts[1]" });
    expect(
      thrown(() =>
        new m.DocumentMRR().scoreSync(
          {
            groundTruthDocuments: [],
            retrievedDocuments: [{ content: "a" }, { score: "high" as unknown as number }],
          },
          5,
        ),
      ),
    ).toMatchObject({ row: 5, field: "retrievedDocuments[1].score" });
    expect(thrown(() => new m.DocumentMRR().scoreSync({ retrievedDocuments: [] }))).toMatchObject({
      field: "groundTruthDocuments",
    });
  });
  it("evaluators name the row", async () => {
    const err = await new DocumentMRREvaluator()
      .run({ groundTruthDocuments: [[], "x" as unknown as []], retrievedDocuments: [[], []] })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ row: 1, field: "groundTruthDocuments" });
  });
});
