import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { SASEvaluator, SemanticSimilarity } from "../../src/index.js";
import { FakeEmbeddings } from "../support/fake-embeddings.js";

const vectors = {
  "Paris is the capital of France.": [1, 0],
  "The capital of France is Paris.": [0.8, 0.6],
  "Bananas are yellow.": [0, 1],
  "It is the opposite.": [-0.6, -0.8],
  "Berlin is in Germany.": [-0.2, Math.sqrt(1 - 0.04)],
  " ": [0.6, 0.8],
  zero: [0, 0],
};

describe("SemanticSimilarity", () => {
  it("is the cosine of the response and reference embeddings", async () => {
    const metric = new SemanticSimilarity({ embeddings: new FakeEmbeddings(vectors) });
    const result = await metric.score({
      response: "The capital of France is Paris.",
      reference: "Paris is the capital of France.",
    });
    expect(result).toMatchObject({ status: "ok" });
    expect(result.value).toBeCloseTo(0.8, 6);
    expect(result.details!.promptVersions).toEqual({});
    expect(metric.config()).toMatchObject({
      name: "semantic_similarity",
      promptVersions: {},
      options: { threshold: null },
    });
  });

  it("does not clamp negative cosine", async () => {
    const metric = new SemanticSimilarity({ embeddings: new FakeEmbeddings(vectors) });
    const result = await metric.score({
      response: "It is the opposite.",
      reference: "Paris is the capital of France.",
    });
    expect(result.value).toBeCloseTo(-0.6, 6);
  });

  it("threshold 0 works: similarity >= 0 gives 1, below gives 0", async () => {
    const metric = new SemanticSimilarity({ embeddings: new FakeEmbeddings(vectors), threshold: 0 });
    const [orthogonal, negative, positive] = await metric.scoreBatch([
      { response: "Bananas are yellow.", reference: "Paris is the capital of France." },
      { response: "Berlin is in Germany.", reference: "Paris is the capital of France." },
      { response: "The capital of France is Paris.", reference: "Paris is the capital of France." },
    ]);
    expect(orthogonal).toMatchObject({ value: 1, details: { similarity: 0, threshold: 0 } });
    expect(negative!.value).toBe(0);
    expect(negative!.details!.similarity).toBeCloseTo(-0.2, 6);
    expect(positive!.value).toBe(1);
    expect(metric.config().options).toEqual({ threshold: 0 });
  });

  it("an empty or whitespace-only response or reference is an InvalidInputError naming the field", async () => {
    const embeddings = new FakeEmbeddings(vectors);
    const metric = new SemanticSimilarity({ embeddings });
    await expect(
      metric.score({ response: "", reference: "Paris is the capital of France." }),
    ).rejects.toThrow(/field "response"/);
    await expect(metric.score({ response: "Paris.", reference: "  " })).rejects.toThrow(/field "reference"/);
    await expect(
      new SASEvaluator({ embeddings }).run({ groundTruthAnswers: ["Paris."], predictedAnswers: [""] }),
    ).rejects.toThrow(/row 0, field "predictedAnswers"/);
  });

  it("a missing field is an InvalidInputError with the row in batches", async () => {
    const metric = new SemanticSimilarity({ embeddings: new FakeEmbeddings(vectors) });
    await expect(metric.score({ response: "x" })).rejects.toThrow(/field "reference": is missing/);
    await expect(
      metric.scoreBatch([
        { response: "a", reference: "b" },
        { response: 3 as unknown as string, reference: "b" },
      ]),
    ).rejects.toThrow(/row 1, field "response": must be a string/);
    expect(
      () => new SemanticSimilarity({ embeddings: new FakeEmbeddings(vectors), threshold: Number.NaN }),
    ).toThrow(InvalidInputError);
  });

  it("a zero embedding is an error row, not a made-up 0", async () => {
    const metric = new SemanticSimilarity({ embeddings: new FakeEmbeddings(vectors) });
    const result = await metric.score({ response: "zero", reference: "Paris is the capital of France." });
    expect(result).toMatchObject({ value: null, status: "error" });
    expect(result.error).toMatch(/embedding of the response is a zero vector/);
  });

  it("embeds a batch in batches of batchSize, each distinct text once", async () => {
    const embeddings = new FakeEmbeddings(vectors);
    const metric = new SemanticSimilarity({ embeddings, batchSize: 2 });
    const pair = {
      response: "The capital of France is Paris.",
      reference: "Paris is the capital of France.",
    };
    const results = await metric.scoreBatch([
      pair,
      pair,
      { response: "Bananas are yellow.", reference: pair.reference },
    ]);
    expect(results.map((r) => r.value)).toEqual([expect.closeTo(0.8, 6), expect.closeTo(0.8, 6), 0]);
    expect(embeddings.batches).toEqual([
      ["The capital of France is Paris.", "Paris is the capital of France."],
      ["Bananas are yellow."],
    ]);
  });
});

describe("SASEvaluator", () => {
  it("returns the mean and individual similarities", async () => {
    const sas = new SASEvaluator({ embeddings: new FakeEmbeddings(vectors) });
    const result = await sas.run({
      groundTruthAnswers: ["Paris is the capital of France.", "Paris is the capital of France."],
      predictedAnswers: ["The capital of France is Paris.", "Bananas are yellow."],
    });
    expect(result.individualScores).toEqual([expect.closeTo(0.8, 6), 0]);
    expect(result.score).toBeCloseTo(0.4, 6);
    expect(result.failedRows).toBe(0);
  });

  it("applies a threshold of 0", async () => {
    const sas = new SASEvaluator({ embeddings: new FakeEmbeddings(vectors), threshold: 0 });
    const result = await sas.run({
      groundTruthAnswers: ["Paris is the capital of France.", "Paris is the capital of France."],
      predictedAnswers: ["Bananas are yellow.", "Berlin is in Germany."],
    });
    expect(result.individualScores).toEqual([1, 0]);
    expect(result.score).toBe(0.5);
  });

  it("rejects lists of different lengths and gives 0 for empty lists, as Haystack, without embedding", async () => {
    const embeddings = new FakeEmbeddings(vectors);
    const sas = new SASEvaluator({ embeddings });
    await expect(sas.run({ groundTruthAnswers: ["a"], predictedAnswers: [] })).rejects.toThrow(
      /field "predictedAnswers": has 0 items but "groundTruthAnswers" has 1/,
    );
    expect(await sas.run({ groundTruthAnswers: [], predictedAnswers: [] })).toEqual({
      score: 0,
      individualScores: [],
      results: [],
      failedRows: 0,
    });
    expect(embeddings.batches).toHaveLength(0);
  });

  it("row results carry status ok and (empty) prompt versions; validateInputs checks without embedding", async () => {
    const embeddings = new FakeEmbeddings(vectors);
    const sas = new SASEvaluator({ embeddings });
    const result = await sas.run({
      groundTruthAnswers: ["Paris is the capital of France."],
      predictedAnswers: ["The capital of France is Paris."],
    });
    expect(result.results).toEqual([
      { similarity: expect.closeTo(0.8, 6), score: expect.closeTo(0.8, 6), status: "ok", promptVersions: {} },
    ]);
    expect(() => sas.validateInputs({ groundTruthAnswers: ["a"], predictedAnswers: [3 as never] })).toThrow(
      /row 0, field "predictedAnswers": must be a string, got number/,
    );
    expect(embeddings.batches).toHaveLength(1);
  });
});
