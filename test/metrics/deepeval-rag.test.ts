// DeepEval's single-turn RAG judges (deepeval_contextual_relevancy, ...) on a scripted judge: which calls each makes,
// the formula on hand-worked vectors from DeepEval's definitions, its edge cases, strictMode, threshold, reasons and
// scoring "expected".
import { describe, expect, it } from "vitest";
import { createMetric, metricDescriptor } from "../../src/metrics/catalog.js";
import { ContextualPrecisionMetric } from "../../src/metrics/contextual-precision/metric.js";
import { contextualPrecision } from "../../src/metrics/contextual-precision/score.js";
import { ContextualRecallMetric } from "../../src/metrics/contextual-recall/metric.js";
import { contextualRecall, referenceSentences } from "../../src/metrics/contextual-recall/score.js";
import { ContextualRelevancyMetric } from "../../src/metrics/contextual-relevancy/metric.js";
import { statementRelevancePromptFor } from "../../src/metrics/contextual-relevancy/prompt.js";
import { contextualRelevancy } from "../../src/metrics/contextual-relevancy/score.js";
import { AnswerRelevancyMetric } from "../../src/metrics/deepeval-answer-relevancy/metric.js";
import { deepEvalAnswerRelevancy } from "../../src/metrics/deepeval-answer-relevancy/score.js";
import { FaithfulnessMetric } from "../../src/metrics/deepeval-faithfulness/metric.js";
import { countsAsTruthful, deepEvalFaithfulness } from "../../src/metrics/deepeval-faithfulness/score.js";
import {
  passesThreshold,
  strictClamp,
  verdictShare,
} from "../../src/metrics/shared/judge/deepeval-rag/score.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const pass = (verdict: 0 | 1) => ({ verdict });

describe("DeepEval's score rules", () => {
  it("share, strict clamp and threshold as DeepEval's score_qag_verdicts and is_successful", () => {
    expect(verdictShare([1, 0, 1, 1], false, 0)).toBe(0.75);
    expect(verdictShare([1, 0, 1, 1], true, 0)).toBe(0);
    expect(verdictShare([], false, 0)).toBe(0);
    expect(verdictShare([], false, 1)).toBe(1);
    expect(strictClamp(1, true)).toBe(1);
    expect(passesThreshold(0.5, 0.5, false)).toBe(true);
    expect(passesThreshold(0.49, 0.5, false)).toBe(false);
    expect(passesThreshold(0.99, 0.5, true)).toBe(false);
    expect(passesThreshold(1, 0.5, true)).toBe(true);
  });
});

describe("deepeval_contextual_relevancy", () => {
  const sample = {
    userInput: "What were some of Einstein's achievements?",
    retrievedContexts: [
      "Einstein won the Nobel Prize for the photoelectric effect. He won it in 1921. There was a cat.",
      "Einstein published the theory of relativity.",
    ],
  };

  it("relevant statements over all statements of every context (DeepEval's Einstein example: 2 of 3, then 1 of 1)", async () => {
    const llm = new ScriptedLlm({
      "deepeval_contextual_relevancy/statements": [
        { statements: ["Einstein won the Nobel Prize.", "He won it in 1921.", "There was a cat."] },
        { statements: ["Einstein published the theory of relativity."] },
      ],
      "deepeval_contextual_relevancy/verdict": [pass(1), pass(1), pass(0), pass(1)],
    });
    const result = await new ContextualRelevancyMetric({ llm }).score(sample);
    expect(result.value).toBe(0.75);
    expect(result.reason).toBe("3 of 4 statements of the retrieved contexts are relevant to the question");
    expect(result.details).toMatchObject({
      threshold: 0.5,
      success: true,
      verdicts: [
        { context: 0, statement: "Einstein won the Nobel Prize.", verdict: 1 },
        { context: 0, statement: "He won it in 1921.", verdict: 1 },
        { context: 0, statement: "There was a cat.", verdict: 0 },
        { context: 1, verdict: 1 },
      ],
    });
    const verdictCalls = llm.callsFor("deepeval_contextual_relevancy/verdict");
    expect(verdictCalls[2]!.prompt.input).toContain("There was a cat.");
    expect(verdictCalls[2]!.prompt.input).toContain(sample.userInput);
  });

  it("a context without statements counts as one irrelevant statement, with no verdict call", async () => {
    const llm = new ScriptedLlm({
      "deepeval_contextual_relevancy/statements": [{ statements: [] }, { statements: ["Relativity."] }],
      "deepeval_contextual_relevancy/verdict": [pass(1)],
    });
    const result = await new ContextualRelevancyMetric({ llm }).score(sample);
    expect(result.value).toBe(0.5);
    expect(result.details).toMatchObject({
      verdicts: [
        { context: 0, statement: sample.retrievedContexts[0], verdict: 0 },
        { context: 1, verdict: 1 },
      ],
    });
    expect(llm.callsFor("deepeval_contextual_relevancy/verdict")).toHaveLength(1);
  });

  it("strictMode gives 0 below 1 and sets the threshold to 1; threshold decides success", async () => {
    const script = () =>
      new ScriptedLlm({
        "deepeval_contextual_relevancy/statements": [{ statements: ["A.", "B."] }, { statements: ["C."] }],
        "deepeval_contextual_relevancy/verdict": [pass(1), pass(1), pass(0)],
      });
    const strict = await new ContextualRelevancyMetric({ llm: script(), strictMode: true }).score(sample);
    expect(strict.value).toBe(0);
    expect(strict.details).toMatchObject({ threshold: 1, success: false });
    const high = await new ContextualRelevancyMetric({ llm: script(), threshold: 0.7 }).score(sample);
    expect(high.value).toBeCloseTo(2 / 3, 12);
    expect(high.details).toMatchObject({ threshold: 0.7, success: false });
    expect(new ContextualRelevancyMetric({ llm: script(), threshold: 0.7 }).config().options).toMatchObject({
      threshold: 0.7,
      strictMode: false,
    });
  });

  it("the formula: 0 without statements, the mean of probabilities with scoring expected", () => {
    expect(contextualRelevancy([], false)).toBe(0);
    expect(contextualRelevancy([1, 1], true)).toBe(1);
    expect(contextualRelevancy([0.9, 0.5], false)).toBeCloseTo(0.7, 12);
  });

  it("options: reasons off by default (DeepEval include_reason), threshold in [0, 1], the id not Ragas'", () => {
    expect(metricDescriptor("deepeval_contextual_relevancy").options.parse({})).toEqual({
      temperature: 0,
      scoring: "argmax",
      confidence: false,
      reasons: false,
      threshold: 0.5,
      strictMode: false,
    });
    const metric = new ContextualRelevancyMetric({ llm: new ScriptedLlm({}) });
    expect(metric.config().promptVersions).toEqual({
      "deepeval_contextual_relevancy/statements": "1.2.0",
      "deepeval_contextual_relevancy/verdict": "1.1.0+noreasons",
    });
    expect(statementRelevancePromptFor(true).instruction).toMatch(/reason/);
    expect(() =>
      createMetric("deepeval_contextual_relevancy", { llm: new ScriptedLlm({}) }, { threshold: 2 }),
    ).toThrow(/threshold/);
  });
});

describe("deepeval_contextual_recall", () => {
  const sample = {
    reference: "Einstein won the Nobel Prize in 1921. He was born in Ulm. He liked sailing.",
    retrievedContexts: [
      "Einstein, born in Ulm, won the 1921 Nobel Prize.",
      "Relativity is his best-known theory.",
    ],
  };
  const verdicts = (flags: Array<0 | 1>) => ({
    verdicts: flags.map((verdict, i) => ({ statement: referenceSentences(sample.reference)[i]!, verdict })),
  });

  it("attributable sentences of the reference over all its sentences, one call with one verdict per sentence", async () => {
    const llm = new ScriptedLlm({ "faithfulness/verdicts": [verdicts([1, 1, 0])] });
    const result = await new ContextualRecallMetric({ llm }).score(sample);
    expect(result.value).toBeCloseTo(2 / 3, 12);
    expect(result.reason).toBe("2 of 3 reference sentences can be attributed to the retrieved contexts");
    expect(result.details).toMatchObject({
      threshold: 0.5,
      success: true,
      verdicts: [
        { statement: "Einstein won the Nobel Prize in 1921.", verdict: 1 },
        { statement: "He was born in Ulm.", verdict: 1 },
        { statement: "He liked sailing.", verdict: 0 },
      ],
    });
    const [call] = llm.callsFor("faithfulness/verdicts");
    expect(call!.prompt.input).toContain("Relativity is his best-known theory.");
    expect(llm.calls).toHaveLength(1);
  });

  it("strictMode, threshold and the formula's edge cases", async () => {
    const strict = await new ContextualRecallMetric({
      llm: new ScriptedLlm({ "faithfulness/verdicts": [verdicts([1, 1, 0])] }),
      strictMode: true,
    }).score(sample);
    expect(strict.value).toBe(0);
    expect(strict.details).toMatchObject({ threshold: 1, success: false });
    const all = await new ContextualRecallMetric({
      llm: new ScriptedLlm({ "faithfulness/verdicts": [verdicts([1, 1, 1])] }),
      strictMode: true,
    }).score(sample);
    expect(all).toMatchObject({ value: 1, details: { success: true } });
    expect(contextualRecall([], false)).toBe(0);
    expect(contextualRecall([0.8, 0.4], false)).toBeCloseTo(0.6, 12);
    expect(referenceSentences("One.  Two!\nThree?")).toEqual(["One.", "Two!", "Three?"]);
  });

  it("records the shared verdicts prompt without reasons by default", () => {
    expect(new ContextualRecallMetric({ llm: new ScriptedLlm({}) }).config().promptVersions).toEqual({
      "faithfulness/verdicts": "1.3.0+noreasons",
    });
  });
});

describe("deepeval_contextual_precision", () => {
  const sample = {
    userInput: "Who won the Nobel Prize in 1921 and for what?",
    reference: "Einstein won the Nobel Prize in 1921 for the photoelectric effect.",
    retrievedContexts: ["There was a cat.", "Einstein won the Nobel Prize.", "He won it in 1921."],
  };

  it("weighted cumulative precision of the useful contexts, one verdict call per context in retrieval order", async () => {
    const llm = new ScriptedLlm({ "deepeval_contextual_precision/verdict": [pass(0), pass(1), pass(1)] });
    const result = await new ContextualPrecisionMetric({ llm }).score(sample);
    // (1/2 + 2/3) / 2
    expect(result.value).toBeCloseTo(7 / 12, 12);
    expect(result.details).toMatchObject({
      threshold: 0.5,
      success: true,
      verdicts: [
        { context: 0, verdict: 0 },
        { context: 1, verdict: 1 },
        { context: 2, verdict: 1 },
      ],
    });
    const calls = llm.callsFor("deepeval_contextual_precision/verdict");
    expect(calls.map((c) => c.prompt.input.includes(sample.retrievedContexts[0]!))).toEqual([
      true,
      false,
      false,
    ]);
    expect(calls[0]!.prompt.input).toContain(sample.reference);
  });

  it("the formula on DeepEval's vectors: relevant first scores higher, none relevant or no context gives 0", () => {
    expect(contextualPrecision([1, 1, 0], false)).toBe(1);
    expect(contextualPrecision([1, 0, 1], false)).toBeCloseTo(5 / 6, 12);
    expect(contextualPrecision([0, 1], false)).toBe(0.5);
    expect(contextualPrecision([0, 0, 0], false)).toBe(0);
    expect(contextualPrecision([], false)).toBe(0);
    expect(contextualPrecision([1, 0, 1], true)).toBe(0);
    expect(contextualPrecision([1, 1], true)).toBe(1);
    // scoring "expected": the probabilities in place of the verdicts
    expect(contextualPrecision([0.5, 1], false)).toBeCloseTo((0.5 * 0.5 + (1.5 / 2) * 1) / 1.5, 12);
  });

  it("no retrieved context scores 0 without a judge call", async () => {
    const llm = new ScriptedLlm({});
    const result = await new ContextualPrecisionMetric({ llm }).score({ ...sample, retrievedContexts: [] });
    expect(result).toMatchObject({ value: 0, details: { success: false } });
    expect(llm.calls).toHaveLength(0);
  });
});

describe("deepeval_answer_relevancy", () => {
  const sample = {
    userInput: "What are the features of the new laptop?",
    response: "It has a 14-inch screen. It has a warranty. We open at nine.",
  };

  it("statements relevant or borderline over all statements: borderline counts, as DeepEval's yes and borderline (formerly idk) do", async () => {
    const llm = new ScriptedLlm({
      "faithfulness/statements": [
        {
          statements: [
            "The laptop has a 14-inch screen.",
            "The laptop has a warranty.",
            "The store opens at nine.",
          ],
        },
      ],
      "deepeval_answer_relevancy/verdict": [{ verdict: 2 }, { verdict: 1 }, { verdict: 0 }],
    });
    const result = await new AnswerRelevancyMetric({ llm }).score(sample);
    expect(result.value).toBeCloseTo(2 / 3, 12);
    expect(result.details).toMatchObject({
      threshold: 0.5,
      success: true,
      verdicts: [
        { statement: "The laptop has a 14-inch screen.", verdict: 2, counted: 1 },
        { statement: "The laptop has a warranty.", verdict: 1, counted: 1 },
        { statement: "The store opens at nine.", verdict: 0, counted: 0 },
      ],
    });
    expect(llm.callsFor("deepeval_answer_relevancy/verdict")[2]!.prompt.input).toContain(
      "The store opens at nine.",
    );
  });

  it("no statement scores 1 without a verdict call; strictMode gives 0 below 1", async () => {
    const none = new ScriptedLlm({ "faithfulness/statements": [{ statements: [] }] });
    expect((await new AnswerRelevancyMetric({ llm: none }).score(sample)).value).toBe(1);
    expect(none.callsFor("deepeval_answer_relevancy/verdict")).toHaveLength(0);
    const strict = new ScriptedLlm({
      "faithfulness/statements": [{ statements: ["A.", "B."] }],
      "deepeval_answer_relevancy/verdict": [{ verdict: 2 }, { verdict: 0 }],
    });
    expect(await new AnswerRelevancyMetric({ llm: strict, strictMode: true }).score(sample)).toMatchObject({
      value: 0,
      details: { success: false },
    });
    expect(deepEvalAnswerRelevancy([1, 1, 0, 1], false)).toBe(0.75);
    expect(deepEvalAnswerRelevancy([], true)).toBe(1);
  });
});

describe("deepeval_faithfulness", () => {
  const sample = {
    userInput: "Tell me about Einstein.",
    response: "Einstein was born in Ulm. He won the Nobel Prize in 1968. He played the violin.",
    retrievedContexts: ["Einstein won the Nobel Prize in 1921.", "Einstein was born in Ulm."],
  };
  const script = () =>
    new ScriptedLlm({
      "deepeval_faithfulness/truths": [
        { truths: ["Einstein won the Nobel Prize in 1921.", "Einstein was born in Ulm."] },
      ],
      "faithfulness/statements": [
        {
          statements: [
            "Einstein was born in Ulm.",
            "Einstein won the Nobel Prize in 1968.",
            "Einstein played the violin.",
          ],
        },
      ],
      "deepeval_faithfulness/verdict": [{ verdict: 2 }, { verdict: 0 }, { verdict: 1 }],
    });

  it("truths, then claims, then a verdict per claim against the truths: contradicted claims fail, borderline ones pass", async () => {
    const llm = script();
    const result = await new FaithfulnessMetric({ llm }).score(sample);
    expect(result.value).toBeCloseTo(2 / 3, 12);
    expect(result.details).toMatchObject({
      truths: ["Einstein won the Nobel Prize in 1921.", "Einstein was born in Ulm."],
      verdicts: [{ counted: 1 }, { counted: 0 }, { counted: 1 }],
      success: true,
    });
    expect(llm.calls.map((c) => c.prompt.name)).toEqual([
      "deepeval_faithfulness/truths",
      "faithfulness/statements",
      "deepeval_faithfulness/verdict",
      "deepeval_faithfulness/verdict",
      "deepeval_faithfulness/verdict",
    ]);
    expect(llm.callsFor("deepeval_faithfulness/verdict")[1]!.prompt.input).toContain("Nobel Prize in 1921");
  });

  it("penalizeAmbiguousClaims counts borderline claims as unfaithful; truthsExtractionLimit bounds the truths list", async () => {
    const result = await new FaithfulnessMetric({ llm: script(), penalizeAmbiguousClaims: true }).score(
      sample,
    );
    expect(result.value).toBeCloseTo(1 / 3, 12);
    const limited = script();
    await new FaithfulnessMetric({ llm: limited, truthsExtractionLimit: 1 }).score(sample);
    const [truthsCall] = limited.callsFor("deepeval_faithfulness/truths");
    expect(truthsCall!.prompt.input).toContain("at most 1 truths per passage");
    expect(truthsCall!.schema.safeParse({ truths: ["a", "b", "c"] }).success).toBe(false);
    expect(truthsCall!.schema.safeParse({ truths: ["a", "b"] }).success).toBe(true);
    expect(countsAsTruthful(1, false)).toBe(1);
    expect(countsAsTruthful(1, true)).toBe(0);
    expect(countsAsTruthful(0, false)).toBe(0);
    expect(deepEvalFaithfulness([], false)).toBe(1);
    expect(deepEvalFaithfulness([1, 0], true)).toBe(0);
  });
});

describe("three-way verdicts with scoring expected", () => {
  it("a claim counts as the probability of its counted verdicts: 1 or 2, or only 2 with penalizeAmbiguousClaims", async () => {
    const script = () =>
      new ScriptedLlm(
        {
          "deepeval_faithfulness/truths": [{ truths: ["T."] }],
          "faithfulness/statements": [{ statements: ["A.", "B."] }],
          "deepeval_faithfulness/verdict": [{ verdict: 2 }, { verdict: 1 }],
        },
        {
          slotReads: {
            "deepeval_faithfulness/verdict": [
              { "0": 0.1, "1": 0.2, "2": 0.7 },
              { "0": 0.3, "1": 0.5, "2": 0.2 },
            ],
          },
        },
      );
    const sample = { userInput: "Q?", response: "A. B.", retrievedContexts: ["T."] };
    const lenient = await new FaithfulnessMetric({ llm: script(), scoring: "expected" }).score(sample);
    expect(lenient.value).toBeCloseTo((0.9 + 0.7) / 2, 12);
    const verdicts = (lenient.details as { verdicts: Array<{ confidence: number; weight: number }> })
      .verdicts;
    expect(verdicts[0]!.confidence).toBeCloseTo(0.7, 12);
    expect(verdicts[0]!.weight).toBeCloseTo(0.9, 12);
    expect(verdicts[1]!.weight).toBeCloseTo(0.7, 12);
    const penalized = await new FaithfulnessMetric({
      llm: script(),
      scoring: "expected",
      penalizeAmbiguousClaims: true,
    }).score(sample);
    expect(penalized.value).toBeCloseTo((0.7 + 0.2) / 2, 12);
  });
});

describe("the input each reads, from its descriptor", () => {
  const full = {
    userInput: "Where is the Eiffel Tower?",
    response: "It is in Paris.",
    reference: "In Paris.",
    retrievedContexts: ["The Eiffel Tower is in Paris."],
  };
  const classes = [
    [FaithfulnessMetric, ["userInput", "response", "retrievedContexts"], true],
    [AnswerRelevancyMetric, ["userInput", "response"], undefined],
    [ContextualPrecisionMetric, ["userInput", "reference", "retrievedContexts"], true],
    [ContextualRecallMetric, ["reference", "retrievedContexts"], true],
    [ContextualRelevancyMetric, ["userInput", "retrievedContexts"], false],
  ] as const;

  it.each(classes)(
    "%o: a missing required field is refused naming the row and the field; an empty context list only where DeepEval scores it",
    async (Metric, fields, emptyContexts) => {
      const metric = new Metric({ llm: new ScriptedLlm({}) });
      expect(metric.requiredFields).toEqual(fields);
      for (const field of fields) {
        const { [field]: _left, ...rest } = full;
        await expect(metric.scoreBatch([full, rest])).rejects.toMatchObject({
          name: "InvalidInputError",
          row: 1,
          field,
          message: expect.stringMatching(/is missing; give /),
        });
      }
      if (emptyContexts === undefined) return;
      const empty = metric.scoreBatch([{ ...full, retrievedContexts: [] }]);
      if (emptyContexts) await expect(empty).resolves.toHaveLength(1);
      else await expect(empty).rejects.toThrow(/row 0, field "retrievedContexts": is an empty list/);
    },
  );
});
