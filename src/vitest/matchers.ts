import { expect, TestRunner } from "vitest";
import type { Embeddings } from "../embeddings/types.js";
import type { Llm } from "../llm/types.js";
import { AnswerRelevancy } from "../metrics/answer-relevancy/metric.js";
import { Faithfulness } from "../metrics/faithfulness/metric.js";
import { SemanticSimilarity } from "../metrics/semantic-similarity/metric.js";
import type { Metric, Sample } from "../metrics/types.js";
import {
  type AssessOptions,
  assessScore,
  type ScoreExpectation,
  suggestedTimeout,
  unscoredStatus,
} from "../testing/expectation.js";
import { explainResult } from "../testing/explain.js";
import { EVAL_META_KEY, type EvalAssertionRecord, type EvalAssertionSource } from "../testing/record.js";
import { seconds } from "../testing/time-allowance.js";
import {
  callMatchingLines,
  type ToolCallAccuracyExpectation,
  type TrajectoryExpectation,
  toolCallAccuracyAssertion,
  trajectoryAssertion,
  trajectoryMessage,
} from "./trajectory-matchers.js";
import { type WinExpectation, winAssertion } from "./win-matcher.js";

/** Options of `toBeFaithful`. */
export interface FaithfulExpectation extends ScoreExpectation {
  /** The judge. */
  llm: Llm;
}

/** Options of `toBeRelevant`. */
export interface RelevantExpectation extends ScoreExpectation {
  llm: Llm;
  embeddings: Embeddings;
}

/** Options of `toMatchReference`. */
export interface ReferenceExpectation extends ScoreExpectation {
  embeddings: Embeddings;
}

/** Adds a scored assertion to the running test's metadata, where the reporter finds it. */
export function recordAssertion(
  source: EvalAssertionSource,
  metric: Metric,
  sample: Sample,
  result: EvalAssertionRecord["result"],
  started: number,
): void {
  const test = TestRunner.getCurrentTest();
  if (test === undefined) return;
  const meta = test.meta as Record<string, unknown>;
  const list = (meta[EVAL_META_KEY] as EvalAssertionRecord[] | undefined) ?? [];
  list.push({
    source,
    test: test.name,
    metric: metric.name,
    config: metric.config(),
    sample,
    result,
    finishedAt: new Date().toISOString(),
    durationMs: Date.now() - started,
  });
  meta[EVAL_META_KEY] = list;
}

/** vitest's timer fires this long after a matcher's own, so the matcher's message is the one shown. */
const AHEAD_OF_VITEST_MS = 200;

/**
 * The running test's signal, and its vitest timeout as a ceiling on a matcher's time: what is left of it, and the
 * message that says so (vitest's own "Test timed out" names neither the metric nor the time it needed).
 */
export function testLimits(matcher: string, metric: Metric): AssessOptions {
  const test = TestRunner.getCurrentTest();
  const options: AssessOptions = { by: matcher };
  if (test === undefined) return options;
  options.signal = test.context.signal;
  const started = test.result?.startTime;
  if (!(test.timeout > 0) || started === undefined) return options;
  const left = test.timeout - (Date.now() - started);
  options.ceiling = {
    ms: Math.max(0, left - AHEAD_OF_VITEST_MS),
    message: (allowedMs, allowance) =>
      `${matcher}: ${metric.name} did not finish within the ${seconds(Math.max(0, left))} left of this test's ` +
      `${seconds(test.timeout)} vitest timeout, and may need up to ${seconds(allowedMs)} (${allowance}); its ` +
      `judge calls were stopped. Give the test that time: it("${test.name}", fn, ${suggestedTimeout(allowedMs / 2)}) ` +
      "or testTimeout in vitest.config.ts.",
  };
  return options;
}

async function scoreMatcher(
  this: { isNot: boolean },
  matcher: string,
  sample: Sample,
  metric: Metric,
  expectation: ScoreExpectation,
  explain?: (result: EvalAssertionRecord["result"]) => string[],
): Promise<{ pass: boolean; message: () => string }> {
  const started = Date.now();
  const { pass, scored, result, message } = await assessScore(
    sample,
    metric,
    expectation,
    testLimits(matcher, metric),
  );
  recordAssertion("matcher", metric, sample, result, started);
  if (!scored && this.isNot) {
    // vitest inverts `pass` under .not: a row without a score must fail that way too, and pass with allowUnscored.
    const allowed = expectation.allowUnscored === true;
    const text = `${metric.name} gave no score (${unscoredStatus(result)}); .not does not pass a row without a score (allowUnscored: true lets such a row pass)\n${explainResult(result)}`;
    return { pass: !allowed, message: () => text };
  }
  const text = [message, ...(explain?.(result) ?? [])].join("\n");
  return { pass, message: () => (this.isNot ? `expected not: ${text}` : text) };
}

/** The matchers `airgap-eval/vitest` adds to `expect`. */
export const evalMatchers = {
  /** `await expect(sample).toScore(metric, { atLeast: 0.8 })`: any metric, custom judges included. */
  toScore(this: { isNot: boolean }, sample: Sample, metric: Metric, expectation: ScoreExpectation) {
    return scoreMatcher.call(this, "toScore", sample, metric, expectation);
  },
  /** `await expect(sample).toBeFaithful({ llm, atLeast: 0.8 })`: Ragas faithfulness. */
  toBeFaithful(this: { isNot: boolean }, sample: Sample, options: FaithfulExpectation) {
    const { llm, ...expectation } = options;
    return scoreMatcher.call(this, "toBeFaithful", sample, new Faithfulness({ llm }), expectation);
  },
  /** `await expect(sample).toBeRelevant({ llm, embeddings, atLeast: 0.7 })`: answer relevancy. */
  toBeRelevant(this: { isNot: boolean }, sample: Sample, options: RelevantExpectation) {
    const { llm, embeddings, ...expectation } = options;
    return scoreMatcher.call(
      this,
      "toBeRelevant",
      sample,
      new AnswerRelevancy({ llm, embeddings }),
      expectation,
    );
  },
  /** `await expect(sample).toMatchReference({ embeddings, atLeast: 0.8 })`: semantic similarity to the reference. */
  toMatchReference(this: { isNot: boolean }, sample: Sample, options: ReferenceExpectation) {
    const { embeddings, ...expectation } = options;
    return scoreMatcher.call(
      this,
      "toMatchReference",
      sample,
      new SemanticSimilarity({ embeddings }),
      expectation,
    );
  },
  /**
   * `expect(trajectory).toMatchTrajectory(reference, { mode: "unordered", args: "ignore" })`: agentevals' trajectory
   * match (the trajectory_match metric) of a conversation (any format the readers accept) or a list of tool calls.
   */
  toMatchTrajectory(
    this: { isNot: boolean },
    received: unknown,
    reference: unknown,
    options: TrajectoryExpectation = {},
  ) {
    const started = Date.now();
    const { metric, sample, made, expected } = trajectoryAssertion(received, reference, options);
    const result = metric.scoreSync(sample);
    recordAssertion("matcher", metric, sample, result, started);
    return {
      pass: result.value === 1,
      message: () => trajectoryMessage(result, made, expected, this.isNot),
    };
  },
  /**
   * `await expect(trajectory).toHaveToolCallAccuracy(referenceToolCalls, { atLeast: 0.8 })`: Ragas' tool call
   * accuracy (the tool_call_accuracy metric) in a score range.
   */
  toHaveToolCallAccuracy(
    this: { isNot: boolean },
    received: unknown,
    reference: unknown,
    options: ToolCallAccuracyExpectation,
  ) {
    const { strictOrder: _, ...expectation } = options;
    const { metric, sample, made, expected } = toolCallAccuracyAssertion(received, reference, options);
    return scoreMatcher.call(this, "toHaveToolCallAccuracy", sample, metric, expectation, (result) =>
      callMatchingLines(result, made, expected),
    );
  },
  /**
   * `await expect({ userInput, response }).toWinAgainst(otherResponse, { llm, criteria })`: the response beats the
   * other one head to head (arena_g_eval, judged in both orders): its win share is at least `atLeast` (0.75).
   */
  async toWinAgainst(this: { isNot: boolean }, received: unknown, other: unknown, options: WinExpectation) {
    const { metric, sample, expectation } = winAssertion(received, other, options);
    return scoreMatcher.call(this, "toWinAgainst", sample, metric, expectation);
  },
};

/** Registers the matchers on vitest's `expect`; importing `airgap-eval/vitest` does it for you. */
export function installEvalMatchers(): void {
  expect.extend(evalMatchers);
}

interface EvalMatchers<R = unknown> {
  toScore(metric: Metric, expectation: ScoreExpectation): Promise<R>;
  toBeFaithful(options: FaithfulExpectation): Promise<R>;
  toBeRelevant(options: RelevantExpectation): Promise<R>;
  toMatchReference(options: ReferenceExpectation): Promise<R>;
  toMatchTrajectory(reference: unknown, options?: TrajectoryExpectation): R;
  toHaveToolCallAccuracy(reference: unknown, options: ToolCallAccuracyExpectation): Promise<R>;
  toWinAgainst(other: unknown, options: WinExpectation): Promise<R>;
}

declare module "vitest" {
  // The type parameter must repeat vitest's own declaration, `any` default included, to merge.
  // biome-ignore lint/suspicious/noExplicitAny: declaration merging with vitest's Matchers<T = any>
  interface Matchers<T = any> extends EvalMatchers<T> {}
}
