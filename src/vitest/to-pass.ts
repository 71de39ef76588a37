// `await expect(testCase).toPass([metric, ...])`: DeepEval's assertion on a DeepEval-shaped test case. The test case's
// fields are read as a dataset row's columns are (DeepEval's names included, from the sample field table); each metric
// scores it and passes at score >= its threshold; the failure names every metric's score, threshold and reason.
import { expect } from "vitest";
import { ColumnResolver } from "../dataset/columns.js";
import { normalizeRow } from "../dataset/validate.js";
import { InvalidInputError } from "../errors.js";
import type { Metric, MetricResult, Sample } from "../metrics/types.js";
import { assessResult, assessScore, unscoredStatus } from "../testing/expectation.js";
import { explainResult } from "../testing/explain.js";
import { recordAssertion, testLimits } from "./matchers.js";

/** A DeepEval ToolCall, as the TypeScript SDK writes it (`input_parameters` in Python is read too). */
export interface DeepEvalToolCall {
  /** The tool's name. */
  name: string;
  /** The arguments. Defaults to none. */
  inputParameters?: Record<string, unknown>;
  /** What the tool returned. Defaults to none. */
  output?: unknown;
}

/**
 * A DeepEval test case as the TypeScript SDK's `LLMTestCase` holds it (an instance of it, or a plain object). Any
 * column name a dataset row may use is read too (DeepEval's Python names, Ragas', camelCase); other keys are ignored.
 */
export interface DeepEvalTestCase {
  /** The question (sample field `userInput`). */
  input?: string;
  /** The system's answer (`response`). */
  actualOutput?: string;
  /** The expected answer (`reference`). */
  expectedOutput?: string;
  /** DeepEval's ideal context (`referenceContexts`). */
  context?: string[];
  /** The retrieved contexts (`retrievedContexts`). */
  retrievalContext?: string[];
  /** The tools the system called (read as the conversation `messages`). */
  toolsCalled?: DeepEvalToolCall[];
  /** The tools it should call (`referenceToolCalls`). */
  expectedTools?: DeepEvalToolCall[];
  /** A ConversationalTestCase's turns, `{role, content, toolsCalled?}` (read as `messages`). */
  turns?: Array<{ role: "user" | "assistant"; content: string; toolsCalled?: DeepEvalToolCall[] }>;
  [column: string]: unknown;
}

/** A metric for `toPass`, alone or with the score it needs to pass. */
export type PassMetric = Metric | { metric: Metric; threshold: number };

/** Options of `toPass`. */
export interface PassOptions {
  /**
   * The score a metric needs to pass where neither its entry (`{ metric, threshold }`) nor the metric's result
   * (`details.threshold`) gives one; a metric with `strictMode: true` needs 1. Defaults to 0.5, DeepEval's default.
   */
  threshold?: number;
  /** Milliseconds each metric may take. Defaults to the time sized from the judge (docs/testing.md, "Time limits"). */
  timeout?: number;
}

/** DeepEval's default threshold. */
const DEFAULT_THRESHOLD = 0.5;

/** The sample a test case gives, or an `InvalidInputError` naming the key that cannot be read. */
export function testCaseSample(testCase: unknown): Sample {
  if (testCase === null || typeof testCase !== "object" || Array.isArray(testCase)) {
    const got = testCase === null ? "null" : Array.isArray(testCase) ? "a list" : typeof testCase;
    throw new InvalidInputError(
      `toPass expects a test case object such as { input, actualOutput, retrievalContext }, got ${got}`,
    );
  }
  const { sample, problems, badCells } = normalizeRow(
    { ...(testCase as Record<string, unknown>) },
    new ColumnResolver(),
    false,
  );
  const first = problems[0] ?? badCells[0];
  if (first !== undefined) {
    throw new InvalidInputError(
      `toPass: the test case's ${first.field ?? "fields"} cannot be read: ${first.message}`,
      first.field !== undefined ? { field: first.field } : {},
    );
  }
  return sample;
}

/**
 * The pass threshold a DeepEval-style metric reports beside its verdict (`details.threshold` with a boolean
 * `details.success`), if any. Other metrics' `details.threshold` is a cut-off inside the score (a verifier's
 * probability, a cosine), not a bar for the score, so it is not read.
 */
function reportedThreshold(result: MetricResult): number | undefined {
  const t = result.details?.threshold;
  const reportsPass = typeof result.details?.success === "boolean";
  return reportsPass && typeof t === "number" && Number.isFinite(t) ? t : undefined;
}

/** The threshold known before scoring: the entry's, else 1 under `strictMode`, else the option's or 0.5. */
function presetThreshold(metric: Metric, options: PassOptions): number {
  if (metric.config().options.strictMode === true) return 1;
  return options.threshold ?? DEFAULT_THRESHOLD;
}

function entryOf(entry: PassMetric): { metric: Metric; threshold?: number } {
  return "metric" in entry && typeof entry.threshold === "number" ? entry : { metric: entry as Metric };
}

const num = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(3));

async function toPass(
  this: { isNot: boolean },
  testCase: unknown,
  metrics: readonly PassMetric[],
  options: PassOptions = {},
): Promise<{ pass: boolean; message: () => string }> {
  if (!Array.isArray(metrics) || metrics.length === 0) {
    throw new InvalidInputError("toPass needs a list of metrics, e.g. toPass([new ExactMatch()])", {
      field: "metrics",
    });
  }
  const sample = testCaseSample(testCase);
  const lines: string[] = [];
  let failed = 0;
  let unscored = 0;
  for (const entry of metrics) {
    const { metric, threshold: given } = entryOf(entry);
    const started = Date.now();
    const bar = {
      atLeast: given ?? presetThreshold(metric, options),
      ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    };
    let assessed = await assessScore(sample, metric, bar, testLimits("toPass", metric));
    recordAssertion("matcher", metric, sample, assessed.result, started);
    const own = given === undefined ? reportedThreshold(assessed.result) : undefined;
    if (own !== undefined) assessed = assessResult(metric, assessed.result, { atLeast: own });
    const threshold = own ?? bar.atLeast;
    const { result } = assessed;
    if (!assessed.pass) failed += 1;
    if (!assessed.scored) unscored += 1;
    const score = assessed.scored ? num(result.value as number) : `none (${unscoredStatus(result)})`;
    lines.push(
      `${assessed.pass ? "✓" : "✗"} ${metric.name}: score ${score}, threshold ${num(threshold)}`,
      explainResult(result),
    );
  }
  const head =
    failed === 0
      ? `all ${metrics.length} metrics passed`
      : `${failed} of ${metrics.length} metrics failed (a metric passes at score >= threshold)`;
  const text = [head, ...lines].join("\n");
  if (this.isNot && unscored > 0) {
    // vitest inverts `pass` under .not: a metric without a score must fail that way too.
    return { pass: true, message: () => `.not.toPass: ${unscored} metric(s) gave no score\n${text}` };
  }
  return { pass: failed === 0, message: () => (this.isNot ? `expected some metric to fail: ${text}` : text) };
}

/** Registers `toPass` on vitest's `expect`; importing `airgap-eval/vitest` does it for you. */
export function installToPassMatcher(): void {
  expect.extend({ toPass });
}

interface ToPassMatcher<R = unknown> {
  /**
   * `await expect(testCase).toPass([metric, ...])`: every metric scores the DeepEval-shaped test case at least its
   * threshold (DeepEval's `assert_test`).
   */
  toPass(metrics: readonly PassMetric[], options?: PassOptions): Promise<R>;
}

declare module "vitest" {
  // The type parameter must repeat vitest's own declaration, `any` default included, to merge.
  // biome-ignore lint/suspicious/noExplicitAny: declaration merging with vitest's Matchers<T = any>
  interface Matchers<T = any> extends ToPassMatcher<T> {}
}
