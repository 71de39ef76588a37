// toPass as a DeepEval TypeScript user meets it: their test file with its imports changed, a test case in DeepEval's
// camelCase fields, metrics passing at score >= threshold, and a failure naming every metric's score, threshold and
// reason; with judge-free metrics, and with the tiny GGUF judge where $AIRGAP_EVAL_TEST_GGUF names it.
import { afterAll, describe, expect, it } from "vitest";
import type { LlamaCppLlm } from "../../src/llm/llama-cpp-llm.js";
import { ExactMatch } from "../../src/metrics/exact-match/metric.js";
import { Faithfulness } from "../../src/metrics/faithfulness/metric.js";
import { NonLLMContextRecall } from "../../src/metrics/non-llm-context-recall/metric.js";
import { ToolCorrectness } from "../../src/metrics/tool-correctness/metric.js";
import type { Metric, MetricResult } from "../../src/metrics/types.js";
import { type DeepEvalTestCase, describeEval } from "../../src/vitest/index.js";
import "../../src/vitest/index.js";
import { loadTestJudge } from "../support/gguf-judges.js";

const testCase: DeepEvalTestCase = {
  input: "What if these shoes don't fit?",
  actualOutput: "We offer a 30-day full refund at no extra cost.",
  expectedOutput: "We offer a 30-day full refund at no extra cost.",
  context: ["All customers are eligible for a 30 day full refund at no extra cost."],
  retrievalContext: ["All customers are eligible for a 30 day full refund at no extra cost."],
  toolsCalled: [{ name: "WebSearch", inputParameters: { query: "refund policy" }, output: "30 days" }],
  expectedTools: [{ name: "WebSearch" }, { name: "CheckOrder" }],
};

async function failure(assertion: Promise<unknown>): Promise<string> {
  try {
    await assertion;
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("the assertion passed");
}

describe("toPass with judge-free metrics", () => {
  it("passes when every metric reaches its threshold (0.5 by default, as DeepEval's)", async () => {
    // ToolCorrectness scores 0.5 here: one of the two expected tools called.
    await expect(testCase).toPass([new ExactMatch(), new NonLLMContextRecall(), new ToolCorrectness()]);
  });

  it("fails naming each metric's score, threshold and reason, the passing ones marked too", async () => {
    const message = await failure(
      expect({ ...testCase, actualOutput: "Shoes cannot be returned." }).toPass([
        new ExactMatch(),
        { metric: new ToolCorrectness(), threshold: 0.9 },
      ]),
    );
    expect(message).toContain("2 of 2 metrics failed (a metric passes at score >= threshold)");
    expect(message).toContain("✗ exact_match: score 0, threshold 0.5");
    expect(message).toContain("✗ tool_correctness: score 0.500, threshold 0.900");
    expect(message).toMatch(/reason: .*CheckOrder/);
  });

  it("reads a reported threshold only beside a pass verdict: a cut-off inside the score is not a bar", async () => {
    // A metric whose details carry a cut-off (as a verifier's probability threshold): the bar stays 0.5.
    const exact = new ExactMatch();
    const withCutOff: Metric = Object.assign(Object.create(exact) as Metric, {
      score: async (...args: Parameters<Metric["score"]>): Promise<MetricResult> => {
        const result = await exact.score(...args);
        return { ...result, details: { ...result.details, threshold: 0.99 } };
      },
    });
    const cutOff = await failure(
      expect({ ...testCase, actualOutput: "Shoes cannot be returned." }).toPass([withCutOff]),
    );
    expect(cutOff).toContain("✗ exact_match: score 0, threshold 0.5");
    // With a pass verdict beside it (as DeepEval's RAG metrics report), the reported threshold is the bar.
    const withVerdict: Metric = Object.assign(Object.create(exact) as Metric, {
      score: async (...args: Parameters<Metric["score"]>): Promise<MetricResult> => {
        const result = await exact.score(...args);
        return { ...result, details: { ...result.details, threshold: 0.99, success: result.value === 1 } };
      },
    });
    const reported = await failure(
      expect({ ...testCase, actualOutput: "Shoes cannot be returned." }).toPass([withVerdict]),
    );
    expect(reported).toContain("✗ exact_match: score 0, threshold 0.990");
  });

  it("takes strictMode as DeepEval does (threshold 1) and a threshold for the metrics that give none", async () => {
    const strict = await failure(expect(testCase).toPass([new ToolCorrectness({ strictMode: true })]));
    expect(strict).toContain("✗ tool_correctness: score 0, threshold 1");
    await expect(testCase).toPass([new ToolCorrectness()], { threshold: 0.5 });
    const high = await failure(expect(testCase).toPass([new ToolCorrectness()], { threshold: 0.75 }));
    expect(high).toContain("threshold 0.750");
  });

  it("uses the threshold a metric reports in details.threshold, as DeepEval's own metrics carry theirs", async () => {
    const reporting: Metric = {
      name: "reports_threshold",
      requiredFields: ["response"],
      needsLlm: false,
      needsEmbeddings: false,
      score: async (): Promise<MetricResult> => ({
        value: 0.6,
        status: "ok",
        reason: "six of ten",
        details: { threshold: 0.7, success: false },
      }),
      scoreBatch: async () => [],
      config: () => ({ name: "reports_threshold", promptVersions: {}, options: {}, models: [] }),
    };
    const message = await failure(expect(testCase).toPass([reporting]));
    expect(message).toContain("✗ reports_threshold: score 0.600, threshold 0.700");
    expect(message).toContain("reason: six of ten");
  });

  it(".not.toPass passes when a metric fails", async () => {
    await expect({ ...testCase, actualOutput: "No." }).not.toPass([new ExactMatch()]);
    const message = await failure(expect(testCase).not.toPass([new ExactMatch()]));
    expect(message).toContain("expected some metric to fail");
  });

  it("reads DeepEval's Python names too, and names a test case field it cannot read", async () => {
    await expect({ input: "q", actual_output: "a", expected_output: "a" }).toPass([new ExactMatch()]);
    const message = await failure(
      expect({ ...testCase, retrievalContext: "not a list" }).toPass([new NonLLMContextRecall()]),
    );
    expect(message).toMatch(/retrievalContext cannot be read: expected a list of strings/);
  });
});

const gguf = process.env.AIRGAP_EVAL_TEST_GGUF;

describe.skipIf(!gguf)("toPass with the tiny GGUF judge", () => {
  let judge: LlamaCppLlm | undefined;
  afterAll(async () => judge?.dispose());

  it("scores faithfulness with the judge: the judge's score shown against the threshold, passing below it", async () => {
    judge = await loadTestJudge(gguf!);
    const faithfulness = new Faithfulness({ llm: judge });
    const direct = await faithfulness.score({
      userInput: testCase.input!,
      response: testCase.actualOutput!,
      retrievedContexts: testCase.retrievalContext!,
    });
    const message = await failure(expect(testCase).toPass([{ metric: faithfulness, threshold: 1.5 }]));
    // toPass writes a whole score as is and others to 3 decimals; no score as "none (<why>)".
    const v = direct.value;
    const score = v === null ? "none (" : Number.isInteger(v) ? String(v) : v.toFixed(3);
    expect(message).toContain(`✗ faithfulness: score ${score}`);
    expect(message).toContain("threshold 1.500");
    expect(message).toContain("status: ok");
    if (v !== null) await expect(testCase).toPass([{ metric: faithfulness, threshold: 0 }]);
    // No score fails even at threshold 0: a metric that could not judge is not a pass.
    else
      expect(await failure(expect(testCase).toPass([{ metric: faithfulness, threshold: 0 }]))).toContain(
        "score none",
      );
  }, 120_000);
});

// describeEval reads its rows as datasets are read: DeepEval's names need no column map there either.
describeEval("describeEval on rows with DeepEval's names", {
  data: [
    { input: "Refund?", actualOutput: "30 days.", expectedOutput: "30 days." },
    { input: "Parcel?", actual_output: "Out for delivery.", expected_output: "Out for delivery." },
  ],
  metrics: [new ExactMatch()],
  thresholds: { exact_match: 1 },
  rowName: (sample) => sample.userInput ?? "no input",
});
