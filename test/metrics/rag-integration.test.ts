// The RAG metrics of issue 12 through the real runtimes: a pretrained (if tiny) judge, stories260K,
// named by AIRGAP_EVAL_TEST_GGUF, and the starter embedder. The judge's opinions mean nothing; what is
// checked is that every metric gives a valid result (a number in range, a documented null, or an
// error row naming its error), and that two runs are identical. One short row per metric.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TransformersEmbeddings } from "../../src/embeddings/transformers-embeddings.js";
import {
  AnswerAccuracy,
  AnswerCorrectness,
  ContextEntityRecall,
  ContextPrecision,
  ContextRecall,
  ContextUtilization,
  FactualCorrectness,
  Faithfulness,
  NoiseSensitivity,
  NvContextRelevance,
  ResponseGroundedness,
} from "../../src/index.js";
import { LlamaCppLlm } from "../../src/llm/llama-cpp-llm.js";
import { answerCorrectnessPrompt, correctnessSchema } from "../../src/metrics/answer-correctness/prompt.js";
import type { Metric, MetricResult } from "../../src/metrics/types.js";
import { renderPrompt } from "../../src/prompts/render.js";
import { extraGgufPath, starterModelDir } from "../setup/paths.js";

const row = {
  userInput: "Where is the cat?",
  response: "The cat is on the mat.",
  reference: "The cat sat on the mat.",
  retrievedContexts: ["The cat sat on the mat in the sun."],
};

describe.runIf(extraGgufPath !== undefined)("RAG metrics with a pretrained judge", () => {
  let llm: LlamaCppLlm;
  let embeddings: TransformersEmbeddings;
  beforeAll(async () => {
    // No memo: "identical on two runs" must run the model twice.
    llm = await LlamaCppLlm.load({
      modelPath: extraGgufPath!,
      threads: 1,
      contextSize: 2048,
      maxTokens: 96,
      memoSize: 0,
    });
    embeddings = await TransformersEmbeddings.load({
      model: starterModelDir,
      id: "starter/glove-100d",
      memoSize: 0,
    });
  });
  afterAll(async () => {
    await llm?.dispose();
    await embeddings?.dispose();
  });

  const cases: Array<{ name: string; make: () => Metric }> = [
    { name: "context_precision", make: () => new ContextPrecision({ llm }) },
    { name: "context_utilization", make: () => new ContextUtilization({ llm }) },
    { name: "context_recall", make: () => new ContextRecall({ llm }) },
    { name: "answer_correctness", make: () => new AnswerCorrectness({ llm, embeddings }) },
    { name: "factual_correctness", make: () => new FactualCorrectness({ llm }) },
    { name: "noise_sensitivity", make: () => new NoiseSensitivity({ llm }) },
    { name: "context_entity_recall", make: () => new ContextEntityRecall({ llm }) },
    { name: "nv_accuracy", make: () => new AnswerAccuracy({ llm }) },
    { name: "nv_context_relevance", make: () => new NvContextRelevance({ llm }) },
    { name: "nv_response_groundedness", make: () => new ResponseGroundedness({ llm }) },
  ];

  it.each(cases)("$name: a valid result in [0, 1], identical on two runs", async ({ name, make }) => {
    const metric = make();
    expect(metric.name).toBe(name);
    const first = await metric.score(row);
    const second = await make().score(row);
    expectValid(first);
    expect(second).toEqual(first);
    expect(first.details!.promptVersions).toEqual(metric.config().promptVersions);
  });

  it("a judge with its memo answers the shared statement steps once per row, with the same results", async () => {
    const memoJudge = await LlamaCppLlm.load({
      modelPath: extraGgufPath!,
      threads: 1,
      contextSize: 2048,
      maxTokens: 96,
    });
    try {
      const build = (judge: LlamaCppLlm): Metric[] => [
        new Faithfulness({ llm: judge }),
        new AnswerCorrectness({ llm: judge, weights: [1, 0] }),
        new NoiseSensitivity({ llm: judge }),
        new ContextRecall({ llm: judge }),
      ];
      const shared: MetricResult[] = [];
      for (const metric of build(memoJudge)) shared.push(await metric.score(row));
      const alone: MetricResult[] = [];
      for (const metric of build(llm)) alone.push(await metric.score(row));
      expect(shared.map((r) => r.value)).toEqual(alone.map((r) => r.value));
      // answer correctness reuses faithfulness' response statements; noise sensitivity and context
      // recall reuse the reference's (and noise sensitivity the response's) from earlier metrics.
      expect(memoJudge.stats().memoHits).toBeGreaterThanOrEqual(3);
    } finally {
      await memoJudge.dispose();
    }
  });

  // stories260K writes no statements for these rows, so the labelling step is checked on its own: the
  // sized schema makes the real judge write exactly one label per statement on each side.
  it("the answer correctness schema makes the real judge label every statement, in order", async () => {
    const input = {
      question: row.userInput,
      responseStatements: ["The cat is on the mat.", "The cat is black."],
      referenceStatements: ["The cat sat on the mat."],
    };
    const prompt = renderPrompt(answerCorrectnessPrompt, input);
    const { value } = await llm.generateObject(prompt, correctnessSchema(2, 1), { maxTokens: 400 });
    expect(value.response).toHaveLength(2);
    expect(value.reference).toHaveLength(1);
    for (const label of value.response) expect(["TP", "FP"]).toContain(label.label);
    expect(["covered", "FN"]).toContain(value.reference[0]!.label);
  });
});

function expectValid(result: MetricResult): void {
  if (result.status === "error") {
    expect(result.value).toBeNull();
    expect(result.error).toMatch(/\w+Error: /);
    return;
  }
  expect(result.status).toBe("ok");
  expect(result.reason!.length).toBeGreaterThan(0);
  if (result.value !== null) {
    expect(result.value).toBeGreaterThanOrEqual(0);
    expect(result.value).toBeLessThanOrEqual(1);
  }
}
