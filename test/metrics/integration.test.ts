// Integration tests: every seed metric through the real runtimes (node-llama-cpp on the generated tiny
// GGUF, transformers.js on the generated tiny ONNX encoder). The tiny judge has random weights, so its
// judgements mean nothing; what is checked is that outputs are valid, that the grammar makes the judge
// write real (non-blank) questions and statements so every judge metric gives at least one number over
// the sample rows, that values are in range, and that two runs give identical results.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TransformersEmbeddings } from "../../src/embeddings/transformers-embeddings.js";
import {
  AnswerRelevancy,
  ContextRelevance,
  ContextRelevanceEvaluator,
  Faithfulness,
  FaithfulnessEvaluator,
  type Metric,
  type MetricResult,
  runEvaluators,
  SASEvaluator,
  SemanticSimilarity,
} from "../../src/index.js";
import { LlamaCppLlm } from "../../src/llm/llama-cpp-llm.js";
import { answerRelevancyPrompt, type QuestionsInput } from "../../src/metrics/answer-relevancy/prompt.js";
import {
  faithfulnessVerdictsPrompt,
  verdictsSchema,
} from "../../src/metrics/shared/judge/statements/verdicts-prompt.js";
import { renderPrompt } from "../../src/prompts/render.js";
import { extraGgufPath, starterModelDir, tinyEncoderDir, tinyGgufPath } from "../setup/paths.js";
import { GEORGE_LUCAS_ANSWER, PYTHON_CONTEXT, PYTHON_QUESTION } from "./seed-examples.js";

const samples = [
  {
    userInput: PYTHON_QUESTION,
    response: GEORGE_LUCAS_ANSWER,
    retrievedContexts: [PYTHON_CONTEXT],
    reference: "Python was created by Guido van Rossum.",
  },
  {
    userInput: "What is the capital of Italy?",
    response: "Rome is the capital of Italy.",
    retrievedContexts: ["Rome is the capital of Italy.", "Italy is in southern Europe."],
    reference: "Rome.",
  },
];

let llm: LlamaCppLlm;
let embeddings: TransformersEmbeddings;

beforeAll(async () => {
  // No memo: "identical on two runs" must run the models twice (test/llm-levers.test.ts covers the memo).
  llm = await LlamaCppLlm.load({
    modelPath: tinyGgufPath,
    threads: 1,
    contextSize: 2048,
    maxTokens: 96,
    memoSize: 0,
  });
  embeddings = await TransformersEmbeddings.load({ model: tinyEncoderDir, threads: 1, memoSize: 0 });
});

afterAll(async () => {
  await llm?.dispose();
  await embeddings?.dispose();
});

/** A result is valid when it is a number in range, a null with a reason, or an error row with its text. */
function expectValid(result: MetricResult, range: [number, number]): void {
  if (result.status === "error") {
    expect(result.value).toBeNull();
    expect(result.error).toMatch(/\w+Error: /);
    return;
  }
  expect(result.status).toBe("ok");
  expect(typeof result.reason).toBe("string");
  if (result.value === null) {
    expect(result.reason!.length).toBeGreaterThan(0);
  } else {
    expect(Number.isFinite(result.value)).toBe(true);
    expect(result.value).toBeGreaterThanOrEqual(range[0]);
    expect(result.value).toBeLessThanOrEqual(range[1]);
  }
}

describe("seed metrics on the real runtimes", () => {
  // The random-weight judge writes questions of arbitrary bytes that no word of the tiny encoder's
  // vocabulary matches: each is a zero vector, so answer relevancy is an honest error row here. The
  // same metric gives numbers with a pretrained judge below (stories260K, when AIRGAP_EVAL_TEST_GGUF is set).
  const cases: Array<{ name: string; make: () => Metric; range: [number, number]; needsNumber?: false }> = [
    {
      name: "answer_relevancy",
      make: () => new AnswerRelevancy({ llm, embeddings, strictness: 3 }),
      range: [-1, 1],
      needsNumber: false,
    },
    { name: "faithfulness", make: () => new Faithfulness({ llm }), range: [0, 1] },
    { name: "context_relevance", make: () => new ContextRelevance({ llm }), range: [0, 1] },
    {
      name: "context_relevance (relevant-statements)",
      make: () => new ContextRelevance({ llm, mode: "relevant-statements" }),
      range: [0, 1],
    },
    { name: "semantic_similarity", make: () => new SemanticSimilarity({ embeddings }), range: [-1, 1] },
  ];

  it.each(cases)(
    "$name: at least one number, all in range, identical on two runs",
    async ({ make, range, needsNumber }) => {
      const metric = make();
      const first = await metric.scoreBatch(samples);
      const second = await make().scoreBatch(samples);
      expect(first).toHaveLength(samples.length);
      for (const r of first) expectValid(r, range);
      const numbers = first.filter((r) => r.status === "ok" && r.value !== null).map((r) => r.value);
      if (needsNumber === false) {
        for (const r of first.filter((x) => x.status === "error")) expect(r.error).toMatch(/zero vector/);
      } else {
        expect(numbers.length).toBeGreaterThan(0);
      }
      expect(second).toEqual(first);
      const config = metric.config();
      for (const r of first) expect(r.details!.promptVersions).toEqual(config.promptVersions);
      expect(config.models.length).toBeGreaterThan(0);
      for (const m of config.models) expect(m.runtime.version.length).toBeGreaterThan(0);
    },
  );

  it("the grammar makes the real judge write non-blank questions and statements", async () => {
    const template = answerRelevancyPrompt(3);
    for (const sample of samples) {
      const input: QuestionsInput = { response: sample.response, count: 3 };
      const prompt = renderPrompt(template, input);
      const { value } = await llm.generateObject(prompt, template.outputSchema);
      expect(value.questions).toHaveLength(3);
      for (const q of value.questions) expect(q.question).toMatch(/\S/);
    }
    const faithfulness = await new Faithfulness({ llm }).scoreBatch(samples);
    const statements = faithfulness.flatMap((r) => (r.details?.statements as string[] | undefined) ?? []);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) expect(statement).toMatch(/\S/);
  });

  it("semantic similarity with the real encoder: identical texts score 1", async () => {
    const metric = new SemanticSimilarity({ embeddings });
    const result = await metric.score({
      response: "Rome is the capital.",
      reference: "Rome is the capital.",
    });
    expect(result.value).toBeCloseTo(1, 5);
  });

  it("context relevance splits a context too long for the judge's window and records it", async () => {
    const long = Array.from(
      { length: 60 },
      (_, i) => `Sentence ${i} says that the old town has a small museum with ${i} rooms.`,
    ).join(" ");
    expect(long.length).toBeGreaterThan(3000); // more bytes than the 2048-token window holds
    const result = await new ContextRelevance({ llm }).score({
      userInput: "How many rooms?",
      retrievedContexts: [long],
    });
    expectValid(result, [0, 1]);
    if (result.status === "ok") {
      const splits = result.details!.splits as Array<{ parts: Array<Array<{ start: number; end: number }>> }>;
      const parts = splits[0]!.parts.flat();
      expect(parts.length).toBeGreaterThan(1);
      expect(parts[0]!.start).toBe(0);
      expect(parts.at(-1)!.end).toBe(long.length);
    } else {
      expect(result.error).not.toMatch(/ContextOverflowError/);
    }
  });

  it("the verdicts schema makes the real judge return exactly one verdict per statement", async () => {
    const statements = ["Python is a programming language.", "Python was created by George Lucas."];
    const prompt = renderPrompt(faithfulnessVerdictsPrompt, { contexts: [PYTHON_CONTEXT], statements });
    const { value } = await llm.generateObject(prompt, verdictsSchema(statements.length), { maxTokens: 160 });
    expect(value.verdicts).toHaveLength(2);
    for (const v of value.verdicts) expect([0, 1]).toContain(v.verdict);
  });

  it("Haystack evaluators and the pipeline give valid, repeatable outputs", async () => {
    const inputs = {
      questions: samples.map((s) => s.userInput),
      contexts: samples.map((s) => s.retrievedContexts),
      predictedAnswers: samples.map((s) => s.response),
      groundTruthAnswers: samples.map((s) => s.reference),
    };
    const build = () => ({
      context_relevance: new ContextRelevanceEvaluator({ llm, raiseOnFailure: false, progressBar: false }),
      faithfulness: new FaithfulnessEvaluator({ llm, raiseOnFailure: false, progressBar: false }),
      sas: new SASEvaluator({ embeddings }),
    });
    const first = await runEvaluators(build(), inputs);
    const second = await runEvaluators(build(), inputs);
    expect(second).toEqual(first);
    for (const out of Object.values(first)) {
      expect(out.individualScores).toHaveLength(samples.length);
      const present = out.individualScores.filter((s): s is number => s !== null);
      expect(out.individualScores.length - present.length).toBe(out.failedRows);
      if (present.length > 0)
        expect(out.score).toBeCloseTo(present.reduce((a, b) => a + b, 0) / present.length, 12);
    }
    for (const s of [...first.context_relevance.individualScores, ...first.faithfulness.individualScores]) {
      if (s !== null) expect(s >= 0 && s <= 1).toBe(true);
    }
    for (const [name, out] of Object.entries(first)) {
      expect(
        out.individualScores.some((s) => s !== null),
        name,
      ).toBe(true);
      for (const row of out.results as Array<{ status: string; promptVersions: object }>) {
        expect(["ok", "error"]).toContain(row.status);
        expect(row.promptVersions).toBeTypeOf("object");
      }
    }
  });
});

// A pretrained judge (stories260K writes English words) with the starter embedder: answer relevancy
// then gives real numbers through both runtimes. Runs where AIRGAP_EVAL_TEST_GGUF names that file (CI).
describe.runIf(extraGgufPath !== undefined)("answer relevancy with a pretrained judge", () => {
  let judge: LlamaCppLlm;
  let starter: TransformersEmbeddings;
  beforeAll(async () => {
    judge = await LlamaCppLlm.load({
      modelPath: extraGgufPath!,
      threads: 1,
      contextSize: 2048,
      maxTokens: 96,
      memoSize: 0,
    });
    starter = await TransformersEmbeddings.load({
      model: starterModelDir,
      id: "starter/glove-100d",
      memoSize: 0,
    });
  });
  afterAll(async () => {
    await judge?.dispose();
    await starter?.dispose();
  });

  it("gives at least one number in [-1, 1], identical on two runs", async () => {
    const make = () => new AnswerRelevancy({ llm: judge, embeddings: starter, strictness: 3 });
    const first = await make().scoreBatch(samples);
    const second = await make().scoreBatch(samples);
    for (const r of first) expectValid(r, [-1, 1]);
    expect(first.some((r) => r.status === "ok" && typeof r.value === "number")).toBe(true);
    expect(second).toEqual(first);
  });
});
