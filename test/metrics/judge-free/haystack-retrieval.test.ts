// The cases of Haystack's own evaluator tests, transcribed:
//   test/components/evaluators/test_document_mrr.py, test_document_map.py, test_document_ndcg.py,
//   test_document_recall.py, test_answer_exact_match.py (deepset-ai/haystack, main as of 2026-08).
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../../src/errors.js";
import { DocumentMAPEvaluator } from "../../../src/metrics/document-map/evaluator.js";
import { DocumentMRREvaluator } from "../../../src/metrics/document-mrr/evaluator.js";
import { DocumentNDCGEvaluator } from "../../../src/metrics/document-ndcg/evaluator.js";
import {
  discountedCumulativeGain,
  idealDiscountedCumulativeGain,
} from "../../../src/metrics/document-ndcg/score.js";
import { DocumentRecallEvaluator } from "../../../src/metrics/document-recall/evaluator.js";
import { AnswerExactMatchEvaluator } from "../../../src/metrics/exact-match/evaluator.js";
import type { HaystackDocument } from "../../../src/sample/documents.js";

const c = (...contents: string[]): HaystackDocument[] => contents.map((content) => ({ content }));

const complexTruth = [
  c("France"),
  c("9th century", "9th"),
  c("classical music", "classical"),
  c("11th century", "the 11th"),
  c("Denmark, Iceland and Norway"),
  c("10th century", "10th"),
];
const tenth = c("10th century", "the first half of the 10th century", "10th", "10th");

const idCase = {
  groundTruthDocuments: [[{ id: "doc1", content: "foo" }], [{ id: "doc2", content: "bar" }]],
  retrievedDocuments: [[{ id: "doc1", content: "different" }], [{ id: "wrong", content: "bar" }]],
};
const metaCase = {
  groundTruthDocuments: [
    [{ content: "x", meta: { file_id: "a" } }],
    [{ content: "y", meta: { file_id: "b" } }],
  ],
  retrievedDocuments: [
    [{ content: "z", meta: { file_id: "a" } }],
    [{ content: "w", meta: { file_id: "c" } }],
  ],
};
const nestedCase = {
  groundTruthDocuments: [
    [{ content: "x", meta: { source: { url: "https://a.com" } } }],
    [{ content: "y", meta: { source: { url: "https://b.com" } } }],
  ],
  retrievedDocuments: [
    [{ content: "z", meta: { source: { url: "https://a.com" } } }],
    [{ content: "w", meta: { source: { url: "https://c.com" } } }],
  ],
};
const simple = {
  all: { groundTruthDocuments: [c("Berlin"), c("Paris")], retrievedDocuments: [c("Berlin"), c("Paris")] },
  none: { groundTruthDocuments: [c("Berlin"), c("Paris")], retrievedDocuments: [c("Paris"), c("London")] },
  partial: {
    groundTruthDocuments: [c("Berlin"), c("Paris")],
    retrievedDocuments: [c("Berlin"), c("London")],
  },
};
const differentLengths = [
  { groundTruthDocuments: [c("Berlin")], retrievedDocuments: [c("Berlin"), c("London")] },
  { groundTruthDocuments: [c("Berlin"), c("Paris")], retrievedDocuments: [c("Berlin")] },
];

describe("DocumentMRREvaluator (Haystack test_document_mrr.py)", () => {
  it("compares on id, meta and nested meta", async () => {
    for (const [field, inputs] of [
      ["id", idCase],
      ["meta.file_id", metaCase],
      ["meta.source.url", nestedCase],
    ] as const) {
      const out = await new DocumentMRREvaluator({ documentComparisonField: field }).run(inputs);
      expect(out.individualScores).toEqual([1, 0]);
      expect(out.score).toBe(0.5);
    }
  });

  it("scores all, none and partial matches", async () => {
    const e = new DocumentMRREvaluator();
    expect((await e.run(simple.all)).individualScores).toEqual([1, 1]);
    expect((await e.run(simple.none)).score).toBe(0);
    expect((await e.run(simple.partial)).score).toBe(0.5);
  });

  it("scores the complex data", async () => {
    const out = await new DocumentMRREvaluator().run({
      groundTruthDocuments: complexTruth,
      retrievedDocuments: [
        c("France"),
        c("10th century", "9th century", "9th"),
        c("rock music", "dubstep", "classical"),
        c("11th", "the 11th", "11th century"),
        c("Denmark", "Norway", "Iceland"),
        tenth,
      ],
    });
    expect(out.individualScores).toEqual([1, 0.5, 0.3333333333333333, 0.5, 0, 1]);
    expect(out.score).toBeCloseTo(0.555555555555555, 12);
    expect(out.results[2]!.firstHitRank).toBe(3);
    expect(out.results[4]!.firstHitRank).toBeNull();
  });

  it("rejects lists of different lengths and zero rows", async () => {
    for (const inputs of differentLengths) {
      await expect(new DocumentMRREvaluator().run(inputs)).rejects.toThrow(InvalidInputError);
    }
    await expect(
      new DocumentMRREvaluator().run({ groundTruthDocuments: [], retrievedDocuments: [] }),
    ).rejects.toThrow(/no rows/);
  });
});

describe("DocumentMAPEvaluator (Haystack test_document_map.py)", () => {
  it("compares on id, meta, nested meta and list-valued meta", async () => {
    for (const [field, inputs] of [
      ["id", idCase],
      ["meta.file_id", metaCase],
      ["meta.source.url", nestedCase],
    ] as const) {
      const out = await new DocumentMAPEvaluator({ documentComparisonField: field }).run(inputs);
      expect(out).toMatchObject({ individualScores: [1, 0], score: 0.5 });
    }
    const unhashable = await new DocumentMAPEvaluator({ documentComparisonField: "meta.tags" }).run({
      groundTruthDocuments: [
        [
          { content: "x", meta: { tags: ["a"] } },
          { content: "y", meta: { tags: ["b"] } },
        ],
      ],
      retrievedDocuments: [[{ content: "z", meta: { tags: ["a"] } }]],
    });
    expect(unhashable.individualScores).toEqual([0.5]);
  });

  it("scores all, none and partial matches", async () => {
    const e = new DocumentMAPEvaluator();
    expect((await e.run(simple.all)).score).toBe(1);
    expect((await e.run(simple.none)).score).toBe(0);
    expect((await e.run(simple.partial)).individualScores).toEqual([1, 0]);
  });

  it("divides by all relevant documents and credits duplicates once", async () => {
    for (const retrieved of [c("A"), c("A", "A")]) {
      const out = await new DocumentMAPEvaluator().run({
        groundTruthDocuments: [c("A", "B")],
        retrievedDocuments: [retrieved],
      });
      expect(out.individualScores).toEqual([0.5]);
    }
  });

  it("scores the complex data", async () => {
    const out = await new DocumentMAPEvaluator().run({
      groundTruthDocuments: complexTruth,
      retrievedDocuments: [
        c("France"),
        c("9th century", "10th century", "9th"),
        c("classical", "rock music", "dubstep"),
        c("11th", "the 11th", "11th century"),
        c("Denmark", "Norway", "Iceland"),
        tenth,
      ],
    });
    const expected = [1, 0.8333333333333333, 0.5, 0.5833333333333333, 0, 0.8333333333333333];
    out.individualScores.forEach((s, i) => {
      expect(s).toBeCloseTo(expected[i]!, 12);
    });
    expect(out.score).toBeCloseTo(0.625, 12);
    expect(out.results[3]!.hitRanks).toEqual([2, 3]);
  });

  it("rejects lists of different lengths", async () => {
    for (const inputs of differentLengths) {
      await expect(new DocumentMAPEvaluator().run(inputs)).rejects.toThrow(InvalidInputError);
    }
  });
});

describe("DocumentNDCGEvaluator (Haystack test_document_ndcg.py)", () => {
  const graded: HaystackDocument[] = [
    { content: "doc1", score: 3 },
    { content: "doc2", score: 2 },
    { content: "doc3", score: 3 },
    { content: "doc6", score: 2 },
    { content: "doc7", score: 3 },
    { content: "doc8", score: 2 },
  ];
  const fiveRetrieved = c("doc1", "doc2", "doc3", "doc4", "doc5");

  it("uses graded relevance, binary relevance, and both in one run", async () => {
    const e = new DocumentNDCGEvaluator();
    const withScores = await e.run({ groundTruthDocuments: [graded], retrievedDocuments: [fiveRetrieved] });
    expect(withScores.individualScores[0]).toBeCloseTo(0.6592, 4);
    const without = await e.run({
      groundTruthDocuments: [c("France", "Paris")],
      retrievedDocuments: [c("France", "Germany", "Paris")],
    });
    expect(without.score).toBeCloseTo(0.9197, 4);
    const both = await e.run({
      groundTruthDocuments: [c("France", "Paris"), graded],
      retrievedDocuments: [c("France", "Germany", "Paris"), fiveRetrieved],
    });
    expect(both.individualScores[0]).toBeCloseTo(0.9197, 4);
    expect(both.individualScores[1]).toBeCloseTo(0.6592, 4);
    expect(both.score).toBeCloseTo(0.7895, 4);
  });

  it("rejects different lengths, mixed scores and zero rows", async () => {
    const e = new DocumentNDCGEvaluator();
    for (const inputs of differentLengths) await expect(e.run(inputs)).rejects.toThrow(InvalidInputError);
    await expect(
      e.run({
        groundTruthDocuments: [[{ content: "France", score: 3 }, { content: "Paris" }]],
        retrievedDocuments: [c("France", "Germany", "Paris")],
      }),
    ).rejects.toThrow(/row 0.*groundTruthDocuments|groundTruthDocuments.*row 0/);
    for (const inputs of [
      { groundTruthDocuments: [c("France")], retrievedDocuments: [] },
      { groundTruthDocuments: [], retrievedDocuments: [c("France")] },
      { groundTruthDocuments: [], retrievedDocuments: [] },
    ]) {
      await expect(e.run(inputs)).rejects.toThrow(InvalidInputError);
    }
  });

  it("gives 0 for empty retrieved or ground-truth lists", async () => {
    const e = new DocumentNDCGEvaluator();
    for (const [gt, ret] of [
      [c("France"), []],
      [[], c("France")],
      [[], []],
    ] as const) {
      const out = await e.run({ groundTruthDocuments: [[...gt]], retrievedDocuments: [[...ret]] });
      expect(out).toMatchObject({ individualScores: [0], score: 0 });
    }
  });

  it("computes DCG and IDCG as calculate_dcg / calculate_idcg", () => {
    const gt: HaystackDocument[] = [
      { content: "doc1", score: 3 },
      { content: "doc2", score: 2 },
      { content: "doc3", score: 3 },
      { content: "doc4", score: 0 },
      { content: "doc5", score: 1 },
      { content: "doc6", score: 2 },
    ];
    const ret = c("doc1", "doc2", "doc3", "doc4", "doc5", "doc6");
    expect(discountedCumulativeGain(gt, ret, "content").dcg).toBeCloseTo(6.8611, 4);
    expect(discountedCumulativeGain(c("doc1", "doc2"), c("doc2", "doc3", "doc1"), "content").dcg).toBeCloseTo(
      1.5,
      4,
    );
    expect(discountedCumulativeGain(c("doc1"), [], "content").dcg).toBe(0);
    const idcgDocs: HaystackDocument[] = [3, 3, 2, 3, 2, 2].map((score, i) => ({
      content: `doc${i + 1}`,
      score,
    }));
    expect(idealDiscountedCumulativeGain(idcgDocs, "content")).toBeCloseTo(8.7403, 4);
    expect(idealDiscountedCumulativeGain(c("doc1", "doc2", "doc3"), "content")).toBeCloseTo(2.1309, 4);
    expect(idealDiscountedCumulativeGain([], "content")).toBe(0);
  });

  it("compares on id (with and without scores) and meta", async () => {
    const byId = new DocumentNDCGEvaluator({ documentComparisonField: "id" });
    const a = await byId.run({
      groundTruthDocuments: [
        [
          { id: "doc1", content: "France" },
          { id: "doc2", content: "Paris" },
        ],
      ],
      retrievedDocuments: [
        [
          { id: "doc1", content: "different text" },
          { id: "doc3", content: "Germany" },
          { id: "doc2", content: "also different" },
        ],
      ],
    });
    expect(a.score).toBeCloseTo(0.9197, 4);
    const b = await byId.run({
      groundTruthDocuments: [[{ id: "doc1", content: "France" }]],
      retrievedDocuments: [[{ id: "doc99", content: "France" }]],
    });
    expect(b.individualScores).toEqual([0]);
    const ids = ["doc1", "doc2", "doc3", "doc6", "doc7", "doc8"];
    const scores = [3, 2, 3, 2, 3, 2];
    const d = await byId.run({
      groundTruthDocuments: [ids.map((id, i) => ({ id, content: `c${i}`, score: scores[i]! }))],
      retrievedDocuments: [["doc1", "doc2", "doc3", "doc4", "doc5"].map((id) => ({ id, content: "x" }))],
    });
    expect(d.score).toBeCloseTo(0.6592, 4);
    const byMeta = await new DocumentNDCGEvaluator({ documentComparisonField: "meta.file_id" }).run({
      groundTruthDocuments: [
        [
          { content: "France", meta: { file_id: "f1" } },
          { content: "Paris", meta: { file_id: "f2" } },
        ],
      ],
      retrievedDocuments: [
        [
          { content: "different", meta: { file_id: "f1" } },
          { content: "irrelevant", meta: { file_id: "f99" } },
          { content: "also different", meta: { file_id: "f2" } },
        ],
      ],
    });
    expect(byMeta.score).toBeCloseTo(0.9197, 4);
    const nested = await new DocumentNDCGEvaluator({ documentComparisonField: "meta.source.url" }).run({
      groundTruthDocuments: [[{ content: "x", meta: { source: { url: "https://a.com" } } }]],
      retrievedDocuments: [[{ content: "z", meta: { source: { url: "https://a.com" } } }]],
    });
    expect(nested.individualScores).toEqual([1]);
  });

  it("treats a missing meta key as no match, and leaves it out of the IDCG", async () => {
    const e = new DocumentNDCGEvaluator({ documentComparisonField: "meta.file_id" });
    const missing = await e.run({
      groundTruthDocuments: [[{ content: "France", meta: { file_id: "f1" } }]],
      retrievedDocuments: [[{ content: "France", meta: {} }]],
    });
    expect(missing.individualScores).toEqual([0]);
    const perfect = await e.run({
      groundTruthDocuments: [
        [
          { content: "France", meta: { file_id: "f1" } },
          { content: "unmatchable", meta: {} },
        ],
      ],
      retrievedDocuments: [[{ content: "France", meta: { file_id: "f1" } }]],
    });
    expect(perfect.individualScores).toEqual([1]);
  });

  it("rejects an unsupported comparison field", () => {
    expect(() => new DocumentNDCGEvaluator({ documentComparisonField: "embedding" as "id" })).toThrow(
      /documentComparisonField/,
    );
  });

  it("never exceeds 1 with duplicate retrievals or duplicate ground truth", async () => {
    const e = new DocumentNDCGEvaluator();
    const cases: Array<[HaystackDocument[], HaystackDocument[]]> = [
      [[{ content: "A", score: 1 }], c("A", "A")],
      [
        [
          { content: "A", score: 1 },
          { content: "A", score: 1 },
        ],
        c("A"),
      ],
      [
        [
          { content: "A", score: 1 },
          { content: "A", score: 0.5 },
        ],
        c("A"),
      ],
    ];
    for (const [gt, ret] of cases) {
      expect(
        (await e.run({ groundTruthDocuments: [gt], retrievedDocuments: [ret] })).individualScores,
      ).toEqual([1]);
    }
  });
});

describe("DocumentRecallEvaluator (Haystack test_document_recall.py)", () => {
  it("rejects an unknown mode", () => {
    expect(() => new DocumentRecallEvaluator({ mode: "unknown_mode" as "single_hit" })).toThrow(
      InvalidInputError,
    );
  });

  it("compares on id (single hit), meta and nested meta (multi hit)", async () => {
    const byId = await new DocumentRecallEvaluator({ mode: "single_hit", documentComparisonField: "id" }).run(
      idCase,
    );
    expect(byId).toMatchObject({ individualScores: [1, 0], score: 0.5 });
    const meta = await new DocumentRecallEvaluator({
      mode: "multi_hit",
      documentComparisonField: "meta.file_id",
    }).run({
      groundTruthDocuments: [
        [
          { content: "x", meta: { file_id: "a" } },
          { content: "y", meta: { file_id: "b" } },
        ],
      ],
      retrievedDocuments: [
        [
          { content: "z", meta: { file_id: "a" } },
          { content: "w", meta: { file_id: "c" } },
        ],
      ],
    });
    expect(meta).toMatchObject({ individualScores: [0.5], score: 0.5 });
  });

  for (const mode of ["single_hit", "multi_hit"] as const) {
    it(`${mode}: all, none, partial, different lengths and empty inputs`, async () => {
      const e = new DocumentRecallEvaluator({ mode });
      expect(await e.run(simple.all)).toMatchObject({ individualScores: [1, 1], score: 1 });
      expect(await e.run(simple.none)).toMatchObject({ individualScores: [0, 0], score: 0 });
      expect(await e.run(simple.partial)).toMatchObject({ individualScores: [1, 0], score: 0.5 });
      for (const inputs of differentLengths) await expect(e.run(inputs)).rejects.toThrow(InvalidInputError);
      for (const [gt, ret] of [
        [[], c("test")],
        [c("test"), []],
        [c(""), c("test")],
        [c("test"), c("")],
      ] as const) {
        expect(
          await e.run({ groundTruthDocuments: [[...gt]], retrievedDocuments: [[...ret]] }),
        ).toMatchObject({
          individualScores: [0],
          score: 0,
        });
      }
    });
  }

  it("single_hit: complex data and documents lacking the field", async () => {
    const out = await new DocumentRecallEvaluator().run({
      groundTruthDocuments: complexTruth,
      retrievedDocuments: [
        c("France"),
        c("9th century", "10th century", "9th"),
        c("classical", "rock music", "dubstep"),
        c("11th", "the 11th", "11th century"),
        c("Denmark", "Norway", "Iceland"),
        tenth,
      ],
    });
    expect(out.individualScores).toEqual([1, 1, 1, 1, 0, 1]);
    expect(out.score).toBe(0.8333333333333334);
    const byMeta = new DocumentRecallEvaluator({ documentComparisonField: "meta.file_id" });
    expect(
      (
        await byMeta.run({
          groundTruthDocuments: [c("real ground truth")],
          retrievedDocuments: [c("unrelated")],
        })
      ).individualScores,
    ).toEqual([0]);
    expect(
      (
        await byMeta.run({
          groundTruthDocuments: [[{ meta: { file_id: "f1" } }, { content: "no file_id" }]],
          retrievedDocuments: [[{ content: "also no file_id" }, { meta: { file_id: "f2" } }]],
        })
      ).individualScores,
    ).toEqual([0]);
  });

  it("multi_hit: complex data", async () => {
    const truth = [...complexTruth];
    truth[4] = c("Denmark", "Iceland", "Norway", "Denmark, Iceland and Norway");
    const out = await new DocumentRecallEvaluator({ mode: "multi_hit" }).run({
      groundTruthDocuments: truth,
      retrievedDocuments: [
        c("France"),
        c("9th century", "10th century", "9th"),
        c("classical", "rock music", "dubstep"),
        c("11th", "the 11th", "11th century"),
        c("Denmark", "Norway", "Iceland"),
        tenth,
      ],
    });
    expect(out.individualScores).toEqual([1, 1, 0.5, 1, 0.75, 1]);
    expect(out.score).toBe(0.875);
    expect(out.results[4]!.hitRanks).toEqual([1, 2, 3]);
  });
});

describe("AnswerExactMatchEvaluator (Haystack test_answer_exact_match.py)", () => {
  const e = new AnswerExactMatchEvaluator();
  it("scores all, none and partial matches", async () => {
    expect(
      await e.run({ groundTruthAnswers: ["Berlin", "Paris"], predictedAnswers: ["Berlin", "Paris"] }),
    ).toMatchObject({ individualScores: [1, 1], score: 1 });
    expect(
      await e.run({ groundTruthAnswers: ["Berlin", "Paris"], predictedAnswers: ["Paris", "London"] }),
    ).toMatchObject({ individualScores: [0, 0], score: 0 });
    expect(
      await e.run({ groundTruthAnswers: ["Berlin", "Paris"], predictedAnswers: ["Berlin", "London"] }),
    ).toMatchObject({ individualScores: [1, 0], score: 0.5 });
  });

  it("scores the complex data", async () => {
    const out = await e.run({
      groundTruthAnswers: [
        "France",
        "9th century",
        "9th",
        "classical music",
        "classical",
        "11th century",
        "the 11th",
        "Denmark",
        "Iceland",
        "Norway",
        "10th century",
        "10th",
      ],
      predictedAnswers: [
        "France",
        "9th century",
        "10th century",
        "9th",
        "classic music",
        "rock music",
        "dubstep",
        "the 11th",
        "11th century",
        "Denmark, Iceland and Norway",
        "10th century",
        "10th",
      ],
    });
    expect(out.individualScores).toEqual([1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
    expect(out.score).toBe(0.3333333333333333);
  });

  it("rejects lists of different lengths and zero rows", async () => {
    await expect(
      e.run({ groundTruthAnswers: ["Berlin"], predictedAnswers: ["Berlin", "London"] }),
    ).rejects.toThrow(InvalidInputError);
    await expect(
      e.run({ groundTruthAnswers: ["Berlin", "Paris"], predictedAnswers: ["Berlin"] }),
    ).rejects.toThrow(InvalidInputError);
    await expect(e.run({ groundTruthAnswers: [], predictedAnswers: [] })).rejects.toThrow(/no rows/);
  });
});
