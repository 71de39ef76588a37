// The verifier-backed metrics (verifier_faithfulness, verifier_context_relevance, verifier_context_precision,
// verifier_answer_correctness, hallucinated_spans) scored with scripted verifiers: the formulas, the windows, the
// details, the option checks and the config.
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../../src/errors.js";
import {
  HallucinatedSpans,
  VerifierAnswerCorrectness,
  VerifierContextPrecision,
  VerifierContextRelevance,
  VerifierFaithfulness,
} from "../../../src/index.js";
import { createMetric, metricClasses } from "../../../src/metrics/catalog.js";
import { failureReason } from "../../../src/metrics/shared/base/outcome.js";
import type { Sample } from "../../../src/metrics/types.js";
import { fakePairVerifier, fakeSpanVerifier, wordContainment } from "../../support/fake-verifiers.js";
import { ScriptedLlm } from "../../support/scripted-llm.js";

describe("verifier_faithfulness", () => {
  it("scores the share of sentences a context window supports, keeping each sentence's best window", async () => {
    const verifier = fakePairVerifier(wordContainment(0.9, 0.2));
    const metric = new VerifierFaithfulness({ verifier });
    const result = await metric.score({
      response: "Paris is in France. Paris has ninety million people.",
      retrievedContexts: ["Lyon is a city.", "Paris is a city in France and has two million people."],
    });
    expect(result.status).toBe("ok");
    expect(result.value).toBe(0.5);
    const details = result.details as Record<string, unknown>;
    expect(details.supportedShare).toBe(0.5);
    expect(details.meanProbability).toBeCloseTo(0.55, 12);
    expect(details.sentences).toEqual([
      {
        sentence: "Paris is in France.",
        start: 0,
        end: 19,
        probability: 0.9,
        best: {
          premise: 1,
          start: 0,
          end: 53,
          text: "Paris is a city in France and has two million people.",
        },
      },
      expect.objectContaining({ sentence: "Paris has ninety million people.", start: 20, probability: 0.2 }),
    ]);
    expect(details.verifier).toEqual({ id: "fake-consistency", sha256: "f".repeat(64), task: "consistency" });
    // One batched call per row: 2 sentences x 2 context windows, premise first.
    expect(verifier.calls).toHaveLength(1);
    expect(verifier.calls[0]).toHaveLength(4);
    expect(verifier.calls[0]![0]).toEqual({ first: "Lyon is a city.", second: "Paris is in France." });
  });

  it("reports the mean probability as the value with aggregate mean, and the threshold moves the share", async () => {
    const verifier = fakePairVerifier(wordContainment(0.9, 0.4));
    const sample = { response: "A b. C d.", retrievedContexts: ["a b"] };
    expect((await new VerifierFaithfulness({ verifier, aggregate: "mean" }).score(sample)).value).toBeCloseTo(
      0.65,
      12,
    );
    expect((await new VerifierFaithfulness({ verifier, threshold: 0.3 }).score(sample)).value).toBe(1);
  });

  it("cuts a long context into overlapping windows that fit beside the longest sentence", async () => {
    // 100 words of context, maxTokens 60: budget 60 - 4 (sentence) - 32 (template) = 32 words, overlap 8.
    const words = Array.from({ length: 100 }, (_, i) => `w${i}`);
    const verifier = fakePairVerifier(wordContainment(), { maxTokens: 60 });
    const metric = new VerifierFaithfulness({ verifier });
    const result = await metric.score({ response: "w70 w71 w72 w73.", retrievedContexts: [words.join(" ")] });
    const premises = verifier.calls[0]!.map((p) => p.first.split(" "));
    expect(premises.map((p) => [p[0], p.length])).toEqual([
      ["w0", 32],
      ["w24", 32],
      ["w48", 32],
      ["w72", 28],
    ]);
    expect(result.value).toBe(1);
    const best = (result.details!.sentences as Array<{ best: { text: string } }>)[0]!.best;
    expect(best.text.startsWith("w48 ")).toBe(true);
  });

  it("refuses a blank response naming the field, and a relevance verifier naming the metric", async () => {
    const verifier = fakePairVerifier(() => 1);
    const result = await new VerifierFaithfulness({ verifier })
      .score({ response: "   ", retrievedContexts: ["x"] })
      .catch((e) => e);
    // A blank response is bad input (sampleText), named by field.
    expect(result).toBeInstanceOf(InvalidInputError);
    expect(
      () => new VerifierFaithfulness({ verifier: fakePairVerifier(() => 1, { task: "relevance" }) }),
    ).toThrow(
      /verifier_faithfulness: the verifier fake-relevance does relevance; this metric needs a consistency or nli verifier/,
    );
  });

  it("records the verifier in config() and leaves threads out; a missing verifier is an error row naming it", async () => {
    const byInstance = new VerifierFaithfulness({ verifier: fakePairVerifier(() => 1) });
    expect(byInstance.config()).toEqual({
      name: "verifier_faithfulness",
      promptVersions: {},
      options: {
        threshold: 0.5,
        aggregate: "share",
        verifier: "fake-consistency",
        verifierSha256: "f".repeat(64),
        verifierFilesSha256: null,
      },
      models: [],
    });
    const byId = createMetric("verifier_faithfulness", {}, { threads: 2 });
    expect(byId.needsLlm).toBe(false);
    expect(byId.config().options).toMatchObject({ verifier: "nli-deberta-v3-small" });
    expect(byId.config().options).not.toHaveProperty("threads");
    const row = await byId.score({ response: "A.", retrievedContexts: ["a"] });
    expect(row.status).toBe("error");
    expect(row.error).toMatch(
      /verifier_faithfulness option verifier: .*nli-deberta-v3-small.* models pull nli-deberta-v3-small/s,
    );
    expect(row.reason).toBe(
      "the verifier nli-deberta-v3-small failed on this row; see error. Fix the model it names (`airgap-eval models " +
        "verify` checks a models.json id's files) or give the metric's verifier option another verifier (docs/verifiers.md)",
    );
    expect(() => createMetric("verifier_faithfulness", {}, { threshold: 2 })).toThrow(/threshold/);
    expect(() => createMetric("verifier_faithfulness", {}, { verifier: 3 })).toThrow(InvalidInputError);
  });

  it("two metrics sharing one missing verifier each get an error naming only themselves", async () => {
    // One load of nli-deberta-v3-small is shared by both metrics, so both see the same rejection.
    const faithfulness = createMetric("verifier_faithfulness", {});
    const correctness = createMetric("verifier_answer_correctness", {});
    const [a, b] = await Promise.all([
      faithfulness.score({ response: "A.", retrievedContexts: ["a"] }),
      correctness.score({ response: "A.", reference: "A." }),
    ]);
    expect(a.error).toMatch(
      /^ModelNotFoundError: verifier_faithfulness option verifier: Model "nli-deberta-v3-small"/,
    );
    expect(b.error).toMatch(
      /^ModelNotFoundError: verifier_answer_correctness option verifier: Model "nli-deberta-v3-small"/,
    );
    expect(a.error).not.toContain("verifier_answer_correctness");
    expect(b.error).not.toContain("verifier_faithfulness");
  });
});

describe("verifier_context_relevance and verifier_context_precision", () => {
  const question = "Where is Paris?";
  const contexts = ["Lyon is a city.", "Paris is in France.", "Rome is in Italy.", "Paris is a big city."];
  const relevance = fakePairVerifier((p) => (p.second.includes("Paris") ? 0.8 : 0.1), { task: "relevance" });

  it("scores each (question, context) pair, query first, and counts the relevant ones", async () => {
    const result = await new VerifierContextRelevance({ verifier: relevance }).score({
      userInput: question,
      retrievedContexts: contexts,
    });
    expect(result.value).toBe(0.5);
    expect(result.details?.meanProbability).toBeCloseTo(0.45, 12);
    expect((result.details!.contexts as Array<{ relevant: boolean }>).map((c) => c.relevant)).toEqual([
      false,
      true,
      false,
      true,
    ]);
    expect(relevance.calls.at(-1)![1]).toEqual({ first: question, second: "Paris is in France." });
  });

  it("gives Ragas' average precision of the relevant verdicts in rank order", async () => {
    const sample = { userInput: question, retrievedContexts: contexts };
    const result = await new VerifierContextPrecision({ verifier: relevance }).score(sample);
    // Verdicts 0 1 0 1: (1/2 + 2/4) / (2 + 1e-10).
    expect(result.value).toBeCloseTo(0.5, 9);
    expect(result.reason).toBe("relevant contexts at ranks 2, 4 of 4");
    const expected = await new VerifierContextPrecision({
      verifier: relevance,
      scoring: "probability",
    }).score(sample);
    const v = [0.1, 0.8, 0.1, 0.8];
    let useful = 0;
    let numerator = 0;
    v.forEach((x, i) => {
      useful += x;
      numerator += (useful / (i + 1)) * x;
    });
    expect(expected.value).toBeCloseTo(numerator / useful, 9);
    const strict = await new VerifierContextPrecision({ verifier: relevance, threshold: 0.9 }).score(sample);
    expect(strict.value).toBe(0);
    expect(strict.reason).toBe("no retrieved context is relevant to the question");
  });

  it("refuses an NLI verifier", () => {
    expect(
      () => new VerifierContextPrecision({ verifier: fakePairVerifier(() => 1, { task: "nli" }) }),
    ).toThrow(/needs a relevance verifier/);
  });
});

describe("verifier_answer_correctness", () => {
  it("is the F-beta of response sentences entailed by the reference and reference sentences entailed by the response", async () => {
    const verifier = fakePairVerifier(wordContainment(), { task: "nli" });
    const metric = new VerifierAnswerCorrectness({ verifier });
    const result = await metric.score({
      response: "Paris is in France. It rains.",
      reference: "Paris is in France. Paris is the capital.",
    });
    // Response: "Paris is in France." entailed, "It rains." not -> precision 1/2. Reference: first entailed, second
    // not -> recall 1/2. F1 = 0.5.
    expect(result.details?.precision).toBe(0.5);
    expect(result.details?.recall).toBe(0.5);
    expect(result.value).toBe(0.5);
    const beta2 = await new VerifierAnswerCorrectness({ verifier, beta: 2 }).score({
      response: "Paris is in France.",
      reference: "Paris is in France. Paris is the capital.",
    });
    // p = 1, r = 0.5: F2 = 5 * 0.5 / (4 + 0.5).
    expect(beta2.value).toBeCloseTo(2.5 / 4.5, 12);
  });
});

describe("hallucinated_spans", () => {
  it("scores the share of response characters outside the unsupported spans, keeping the spans", async () => {
    const verifier = fakeSpanVerifier(["ninety"]);
    const metric = new HallucinatedSpans({ verifier });
    const response = "Paris has ninety million people.";
    const result = await metric.score({
      userInput: "How big is Paris?",
      response,
      retrievedContexts: ["a", "b"],
    });
    expect(result.value).toBeCloseTo(1 - 6 / response.length, 12);
    expect(result.details?.spans).toEqual([{ start: 10, end: 16, text: "ninety", probability: 0.8 }]);
    expect(verifier.calls[0]).toEqual({ context: "a\nb", question: "How big is Paris?", response });
    const clean = await metric.score({ response: "Paris is big.", retrievedContexts: ["Paris is big."] });
    expect(clean.value).toBe(1);
    expect(clean.reason).toBe("no span of the response is unsupported by the contexts");
    const strict = await new HallucinatedSpans({ verifier, threshold: 0.9 }).score({
      response,
      retrievedContexts: ["a"],
    });
    expect(strict.value).toBe(1);
  });

  it("reads the question only when the row has one: null is none, a blank one is refused naming the field", async () => {
    const verifier = fakeSpanVerifier([]);
    const metric = new HallucinatedSpans({ verifier });
    const row = { response: "Paris is big.", retrievedContexts: ["Paris is big."] };
    expect((await metric.score({ ...row, userInput: null } as unknown as Sample)).value).toBe(1);
    expect(verifier.calls[0]).toEqual({ context: "Paris is big.", response: "Paris is big." });
    await expect(metric.scoreBatch([row, { ...row, userInput: " " }])).rejects.toThrow(
      /row 1.*userInput|userInput.*row 1/,
    );
  });

  it("refuses a pair verifier", () => {
    expect(() => new HallucinatedSpans({ verifier: fakePairVerifier(() => 1) })).toThrow(
      /needs a spans verifier/,
    );
  });
});

describe("the tasks a verifier metric accepts", () => {
  const verifierMetrics = metricClasses.filter((c) => (c.descriptor.needsVerifier ?? []).length > 0);
  const allTasks = ["nli", "consistency", "relevance", "spans"] as const;
  const verifierFor = (task: (typeof allTasks)[number]) =>
    task === "spans" ? fakeSpanVerifier([]) : fakePairVerifier(() => 1, { task });

  it.each(verifierMetrics.map((c) => [c.descriptor.id, c] as const))(
    "%s accepts exactly the tasks its descriptor's needsVerifier declares",
    (_id, metricClass) => {
      const needs = metricClass.descriptor.needsVerifier!;
      for (const task of allTasks) {
        const models = metricClass.descriptor.needsLlm ? { llm: new ScriptedLlm({}) } : {};
        const build = () => createMetric(metricClass.descriptor.id, models, { verifier: verifierFor(task) });
        if (needs.includes(task)) expect(build, task).not.toThrow();
        else expect(build, task).toThrow(`this metric needs a ${needs.join(" or ")} verifier`);
      }
    },
  );

  it("covers every verifier metric", () => {
    expect(verifierMetrics.map((c) => c.descriptor.id).sort()).toEqual([
      "faithfulness_with_hhem",
      "hallucinated_spans",
      "verifier_answer_correctness",
      "verifier_context_precision",
      "verifier_context_relevance",
      "verifier_faithfulness",
    ]);
  });
});

describe("a verifier metric's error row", () => {
  it("names the verifier that failed and what to do, not a judge or an embedding model", async () => {
    const failing = fakePairVerifier(
      () => {
        throw new Error("onnxruntime failed on a batch of 2 inputs");
      },
      { id: "my-hhem" },
    );
    const row = await new VerifierFaithfulness({ verifier: failing }).score({
      response: "Paris is in France.",
      retrievedContexts: ["Paris is a city.", "France is a country."],
    });
    expect(row).toMatchObject({
      value: null,
      status: "error",
      error: expect.stringMatching(/onnxruntime failed/),
    });
    expect(row.reason).toMatch(
      /^the verifier my-hhem failed on this row; see error\. Fix the model it names/,
    );
    expect(row.reason).toMatch(/verifier option another verifier/);
    expect(row.reason).not.toMatch(/judge|embedding/);
  });

  it("is worded from the descriptor's needs: verifier, judge or embedding model, or the metric", () => {
    expect(failureReason(HallucinatedSpans.descriptor, "/models/lettucedetect")).toMatch(
      /^the verifier \/models\/lettucedetect failed on this row/,
    );
    expect(failureReason({ needsLlm: true, needsEmbeddings: false })).toBe(
      "the judge or embedding model failed on this row; see error",
    );
    expect(failureReason({ needsLlm: false, needsEmbeddings: false })).toBe(
      "the metric failed on this row; see error",
    );
  });
});
