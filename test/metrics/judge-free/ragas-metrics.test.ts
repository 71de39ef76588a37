// The examples of the Ragas documentation, transcribed: docs/concepts/metrics/available_metrics/
// traditional.md, context_precision.md and context_recall.md (explodinggradients/ragas, 2025-12).
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../../src/errors.js";
import {
  AnswerExactMatch,
  BleuScore,
  ChrfScore,
  DocumentMAP,
  DocumentMRR,
  DocumentNDCG,
  DocumentRecall,
  ExactMatch,
  IDBasedContextPrecision,
  IDBasedContextRecall,
  NonLLMContextPrecisionWithReference,
  NonLLMContextRecall,
  NonLLMStringSimilarity,
  QuotedSpansAlignment,
  RougeScore,
  StringPresence,
} from "../../../src/index.js";
import { createMetric, metricDescriptors } from "../../../src/metrics/catalog.js";
import { PatternMatch } from "../../../src/metrics/pattern-match/metric.js";
import { readsConversation } from "../../../src/sample/field-table.js";

const eiffel = {
  reference: "The Eiffel Tower is located in Paris.",
  response: "The Eiffel Tower is located in India.",
};

describe("Ragas traditional metrics (traditional.md)", () => {
  it("NonLLMStringSimilarity: 0.8918918918918919", async () => {
    expect((await new NonLLMStringSimilarity().score(eiffel)).value).toBe(0.8918918918918919);
  });
  it("BleuScore: 0.7071067811865478", async () => {
    const r = await new BleuScore().score(eiffel);
    expect(r.value).toBe(0.7071067811865478);
    expect(r.details).toMatchObject({ matchedNgrams: [7, 5, 4, 3], responseNgrams: [8, 7, 6, 5] });
  });
  it("RougeScore: 0.8571428571428571", async () => {
    expect((await new RougeScore().score(eiffel)).value).toBe(0.8571428571428571);
    expect((await new RougeScore({ rougeType: "rouge1", mode: "recall" }).score(eiffel)).value).toBeCloseTo(
      6 / 7,
      12,
    );
  });
  it("ChrfScore: 0.8048", async () => {
    expect((await new ChrfScore().score(eiffel)).value).toBeCloseTo(0.8048, 4);
  });
  it("ExactMatch: 0.0", async () => {
    expect((await new ExactMatch().score({ reference: "Paris", response: "India" })).value).toBe(0);
  });
  it("StringPresence: 1.0", async () => {
    const r = await new StringPresence().score({
      reference: "Eiffel Tower",
      response: "The Eiffel Tower is located in India.",
    });
    expect(r.value).toBe(1);
    expect(r.details?.position).toBe(4);
  });
});

describe("Ragas context metrics without a judge (context_precision.md, context_recall.md)", () => {
  const referenceContexts = [
    "Paris is the capital of France.",
    "The Eiffel Tower is one of the most famous landmarks in Paris.",
  ];
  it("NonLLMContextPrecisionWithReference: 0.9999999999", async () => {
    const r = await new NonLLMContextPrecisionWithReference().score({
      retrievedContexts: ["The Eiffel Tower is located in Paris."],
      referenceContexts,
    });
    expect(r.value).toBe(0.9999999999);
    expect(r.details?.verdicts).toEqual([1]);
  });
  it("NonLLMContextRecall: 0.5", async () => {
    const r = await new NonLLMContextRecall().score({
      retrievedContexts: ["Paris is the capital of France."],
      referenceContexts,
    });
    expect(r.value).toBe(0.5);
    expect(r.details?.verdicts).toEqual([1, 0]);
  });
  it("IDBasedContextPrecision: 0.5", async () => {
    const r = await new IDBasedContextPrecision().score({
      retrievedContextIds: ["doc_1", "doc_2", "doc_3", "doc_4"],
      referenceContextIds: ["doc_1", "doc_4", "doc_5", "doc_6"],
    });
    expect(r.value).toBe(0.5);
    expect(r.details?.matchedIds).toEqual(["doc_1", "doc_4"]);
  });
  it("IDBasedContextRecall: 0.25", async () => {
    const r = await new IDBasedContextRecall().score({
      retrievedContextIds: ["doc_1", "doc_2", "doc_3"],
      referenceContextIds: ["doc_1", "doc_4", "doc_5", "doc_6"],
    });
    expect(r.value).toBe(0.25);
  });
  it("compares ids as strings, as sets: integer 1 equals '1', duplicates count once", async () => {
    const r = await new IDBasedContextPrecision().score({
      retrievedContextIds: [1, "1", 2, 2],
      referenceContextIds: ["1"],
    });
    expect(r.value).toBe(0.5);
  });
});

describe("threshold comparisons keep Ragas' operators", () => {
  // Levenshtein similarity of "ab" and "ax" is exactly 0.5: precision counts it (>=), recall does not (>).
  const sample = { retrievedContexts: ["ab"], referenceContexts: ["ax"] };
  it("precision uses >= and recall uses >", async () => {
    expect((await new NonLLMContextPrecisionWithReference().score(sample)).details?.verdicts).toEqual([1]);
    expect((await new NonLLMContextRecall().score(sample)).value).toBe(0);
  });
  it("honours threshold and distance measure options", async () => {
    const strict = new NonLLMContextPrecisionWithReference({
      threshold: 0.9,
      distanceMeasure: "jaro_winkler",
    });
    expect(strict.config().options).toEqual({ threshold: 0.9, distanceMeasure: "jaro_winkler" });
    expect((await strict.score(sample)).value).toBe(0);
  });
});

describe("Ragas-style retrieval metrics score one sample with Haystack's formulas", () => {
  const sample = {
    groundTruthDocuments: [{ content: "9th century" }, { content: "9th" }],
    retrievedDocuments: [{ content: "10th century" }, { content: "9th century" }, { content: "9th" }],
  };
  it("gives the same numbers and the ranks of hits", async () => {
    expect(await new DocumentMRR().score(sample)).toMatchObject({ value: 0.5, details: { firstHitRank: 2 } });
    const map = await new DocumentMAP().score(sample);
    expect(map.value).toBeCloseTo((1 / 2 + 2 / 3) / 2, 12);
    expect(map.details?.hitRanks).toEqual([2, 3]);
    expect((await new DocumentNDCG().score(sample)).details?.hitRanks).toEqual([2, 3]);
    expect((await new DocumentRecall({ mode: "multi_hit" }).score(sample)).value).toBe(1);
  });
  it("rejects mixed graded relevance naming the field", () => {
    expect(() =>
      new DocumentNDCG().scoreSync(
        { ...sample, groundTruthDocuments: [{ content: "a", score: 2 }, { content: "b" }] },
        3,
      ),
    ).toThrow(/row 3/);
  });
});

describe("catalog", () => {
  it("lists every judge-free metric once, with ids equal to the class names Ragas, Haystack and DeepEval use", () => {
    const classes = [
      [ExactMatch, "exact_match"],
      [StringPresence, "string_present"],
      [QuotedSpansAlignment, "quoted_spans_alignment"],
      [NonLLMStringSimilarity, "non_llm_string_similarity"],
      [BleuScore, "bleu_score"],
      [RougeScore, "rouge_score"],
      [ChrfScore, "chrf_score"],
      [IDBasedContextPrecision, "id_based_context_precision"],
      [IDBasedContextRecall, "id_based_context_recall"],
      [NonLLMContextPrecisionWithReference, "non_llm_context_precision_with_reference"],
      [NonLLMContextRecall, "non_llm_context_recall"],
      [DocumentMRR, "document_mrr"],
      [DocumentMAP, "document_map"],
      [DocumentNDCG, "document_ndcg"],
      [DocumentRecall, "document_recall"],
      [AnswerExactMatch, "answer_exact_match"],
      [PatternMatch, "pattern_match"],
    ] as const;
    /** Options a metric cannot be built without. */
    const required: Record<string, Record<string, unknown>> = { pattern_match: { pattern: "yes|no" } };
    // The single-turn family: the agent metrics (they read a conversation or tool calls) are listed in their own tests.
    const judgeFree = metricDescriptors.filter(
      (d) =>
        !d.needsLlm &&
        !d.needsEmbeddings &&
        d.needsVerifier === undefined &&
        !readsConversation(d.requiredFields),
    );
    expect(judgeFree.map((d) => d.id)).toEqual(classes.map(([, id]) => id));
    for (const [Metric, id] of classes) {
      const d = judgeFree.find((x) => x.id === id)!;
      const metric = createMetric(id, {}, required[id]);
      expect(metric).toBeInstanceOf(Metric);
      expect(metric.name).toBe(id);
      expect(metric.requiredFields).toEqual(d.requiredFields);
      expect(metric.needsLlm || metric.needsEmbeddings).toBe(false);
    }
  });
  it("parses options with defaults and rejects bad ones", () => {
    const rouge = metricDescriptors.find((d) => d.id === "rouge_score")!;
    expect(rouge.options.parse({})).toEqual({ rougeType: "rougeL", mode: "fmeasure" });
    expect(() => rouge.options.parse({ rougeType: "rouge3" })).toThrow();
    const recall = metricDescriptors.find((d) => d.id === "document_recall")!;
    expect(recall.options.parse({ documentComparisonField: "meta.file_id" })).toMatchObject({
      mode: "single_hit",
    });
    expect(() => recall.options.parse({ documentComparisonField: "embedding" })).toThrow();
  });
  it("rejects bad constructor options with InvalidInputError naming the option", () => {
    expect(() => new RougeScore({ mode: "f1" as "fmeasure" })).toThrow(/mode/);
    expect(() => new BleuScore({ smoothMethod: "linear" as "exp" })).toThrow(InvalidInputError);
    expect(() => new ChrfScore({ charOrder: 0, wordOrder: 0 })).toThrow(/charOrder/);
    expect(() => new NonLLMStringSimilarity({ distanceMeasure: "cosine" as "jaro" })).toThrow(
      /distanceMeasure/,
    );
    expect(() => new NonLLMContextRecall({ threshold: Number.NaN })).toThrow(/threshold/);
  });
});
