import { describe, it } from "vitest";
import { loadDataset } from "../dataset/load.js";
import type { LoadDatasetOptions } from "../dataset/types.js";
import { InvalidInputError } from "../errors.js";
import { parseMetricFile } from "../metric-file/definition.js";
import { createDefinedMetric } from "../metric-file/load.js";
import { checkMetricId } from "../metrics/catalog.js";
import type { MetricModels } from "../metrics/descriptor.js";
import type { Metric, Sample } from "../metrics/types.js";
import { EvalTimeoutError, withDeadline } from "../testing/deadline.js";
import type { ScoreExpectation } from "../testing/expectation.js";
import { seconds, TIME_RULE } from "../testing/time-allowance.js";
import { cliCommand } from "../util/cli-command.js";
import { errorText } from "../util/error-text.js";
import { type AggregateExpectation, aggregateProblems } from "./aggregate-check.js";
import { atCallSite, type CallSite, callSite, EvalFailure } from "./call-site.js";
import { scoreRow } from "./score-row.js";
import type { SuiteState } from "./suite-state.js";

export type { AggregateExpectation } from "./aggregate-check.js";

/** Options of {@link describeEval}. */
export interface DescribeEvalOptions {
  /** The rows: a JSONL/JSON/CSV path, or rows with Ragas, Haystack, DeepEval or camelCase names. */
  data: string | readonly Record<string, unknown>[];
  /** The metrics, or a function that builds them once the suite runs (e.g. after `sharedModels()`). Defaults to none: the metric file's only. */
  metrics?: readonly Metric[] | (() => readonly Metric[] | Promise<readonly Metric[]>);
  /**
   * A metric file (YAML or JSON, as `eval --metric-file` reads) whose metrics run after `metrics`: checked when the
   * suite is collected, built with `models` when it runs. Defaults to none.
   */
  metricFile?: string;
  /** The models the metric file's metrics are built with, e.g. `() => sharedModels({ llm: "qwen2.5-0.5b-instruct" })`. Required with `metricFile`. */
  models?: MetricModels | (() => MetricModels | Promise<MetricModels>);
  /** Per-row bars by metric name: a number means `{ atLeast: n }`. A metric without one is recorded, not asserted. Defaults to none. */
  thresholds?: Record<string, number | ScoreExpectation>;
  /** Bars on each metric over all rows, checked by one last test. Defaults to none. */
  aggregate?: Record<string, AggregateExpectation>;
  /** Names each row's test. Defaults to the row's `id` column, else its question, else "row N". */
  rowName?: (sample: Sample, row: number, extra: Record<string, unknown>) => string;
  /** Column map and format for `data`. Defaults to none. */
  load?: Omit<LoadDatasetOptions, "strict">;
  /**
   * Milliseconds each row's test may take to score all its metrics; past it the row fails, naming the row, the
   * metric that was running, the limit and how to raise it, and its judge calls are stopped. Defaults to the time
   * sized from the judge (docs/testing.md, "Time limits"), so a real-size judge needs no setting here or in
   * vitest's `testTimeout`, which the row tests do not use.
   */
  timeout?: number;
}

/**
 * Checks the suite's metric options, metric file and aggregate names now (when the suite is collected, as far as the
 * metrics are known then), and gives the function that builds its metrics when it runs: `metrics`, then the metric
 * file's, built with `models`.
 */
function suiteMetrics(name: string, options: DescribeEvalOptions): () => Promise<readonly Metric[]> {
  const definitions = options.metricFile === undefined ? [] : parseMetricFile(options.metricFile);
  if (definitions.length > 0 && options.models === undefined) {
    throw new InvalidInputError(
      `describeEval("${name}") has a metricFile but no models to build its metrics with; pass models, e.g. () => sharedModels({ llm: "qwen2.5-0.5b-instruct" })`,
    );
  }
  if (options.metrics === undefined && definitions.length === 0) {
    throw new InvalidInputError(
      `describeEval("${name}") has no metrics; pass metrics, a metricFile, or both`,
    );
  }
  if (typeof options.metrics !== "function") {
    const known = [...(options.metrics ?? []).map((m) => m.name), ...definitions.map((d) => d.id)];
    const unknown = Object.keys(options.aggregate ?? {}).filter((m) => !known.includes(m));
    if (unknown.length > 0) {
      throw new InvalidInputError(
        `describeEval("${name}"): aggregate names ${unknown.join(", ")}, which ${unknown.length === 1 ? "is" : "are"} ` +
          `not among its metrics (${known.join(", ")})`,
        { field: "aggregate" },
      );
    }
  }
  return async () => {
    const own = typeof options.metrics === "function" ? await options.metrics() : (options.metrics ?? []);
    for (const metric of own) checkMetricId(metric);
    if (definitions.length === 0) return own;
    const models = typeof options.models === "function" ? await options.models() : options.models!;
    return [...own, ...definitions.map((d) => createDefinedMetric(d, models))];
  };
}

function defaultName(sample: Sample, row: number, extra: Record<string, unknown>): string {
  const id = extra.id;
  if (typeof id === "string" || typeof id === "number") return `${id}`;
  const text = sample.userInput ?? sample.response;
  return text ? `row ${row}: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}` : `row ${row}`;
}

/** Checks the `timeout` option when the suite is collected. */
function checkTimeout(name: string, timeout: unknown): number | undefined {
  if (timeout === undefined) return undefined;
  if (typeof timeout !== "number" || !(timeout > 0) || !Number.isFinite(timeout)) {
    throw new InvalidInputError(
      `describeEval("${name}"): timeout must be a positive number of milliseconds per row, got ${String(timeout)}`,
      { field: "timeout" },
    );
  }
  return timeout;
}

/**
 * The suite's metrics, built once by the first row that needs them, within the build's time limit (loading the
 * models they need can take long on a real-size judge, and its size is not known before). A build that failed
 * fails every later row at once, with its reason, instead of trying again.
 */
function metricsOnce(
  name: string,
  build: () => Promise<readonly Metric[]>,
  timeout: number | undefined,
  state: SuiteState,
  site: CallSite,
): () => Promise<readonly Metric[]> {
  const ms = Math.max(TIME_RULE.buildMs, timeout ?? 0);
  let building: Promise<readonly Metric[]> | undefined;
  return () => {
    building ??= withDeadline(() => build(), {
      ms,
      onTimeout: () =>
        atCallSite(
          new EvalTimeoutError(
            `describeEval("${name}"): building its metrics (which loads their models) did not finish within ` +
              `${seconds(ms)}. Check that the models load outside vitest (${cliCommand()} models list), or give it more ` +
              `time with a timeout option above ${ms} ms (docs/testing.md, "Time limits").`,
          ),
          site,
        ),
    }).then(
      (metrics) => {
        state.metricNames = metrics.map((m) => m.name);
        return metrics;
      },
      (err: unknown) => {
        state.buildError = errorText(err);
        throw err;
      },
    );
    return building;
  };
}

/**
 * One vitest test per row, named after the row, asserting each metric's per-row bar; then one test
 * per metric with an aggregate bar (mean, rows left unscored). Every score is recorded for the
 * `airgap-eval/vitest/reporter`. Invalid rows are an error when the suite is collected.
 *
 * @example
 * describeEval("support bot", {
 *   data: "evals/support.jsonl",
 *   metrics: async () => { const { llm } = await sharedModels({ llm: "qwen2.5-0.5b-instruct" }); return [new Faithfulness({ llm })]; },
 *   thresholds: { faithfulness: 0.8 },
 *   aggregate: { faithfulness: { meanAtLeast: 0.85, maxUnscored: 1 } },
 * });
 * describeEval("support bot, our own judges", {
 *   data: "evals/support.jsonl",
 *   metricFile: "evals/quality.yaml",
 *   models: () => sharedModels({ llm: "qwen2.5-0.5b-instruct" }),
 *   thresholds: { stays_on_topic: 1 },
 * });
 */
export function describeEval(name: string, options: DescribeEvalOptions): void {
  const site = callSite(describeEval);
  const timeout = checkTimeout(name, options.timeout);
  const dataset = loadDataset(options.data, { ...options.load, strict: true });
  if (dataset.samples.length === 0) {
    throw new InvalidInputError(
      `describeEval("${name}") has no rows`,
      dataset.file ? { file: dataset.file } : {},
    );
  }
  const state: SuiteState = { rows: new Map() };
  const metrics = metricsOnce(name, suiteMetrics(name, options), timeout, state, site);
  const rowName = options.rowName ?? defaultName;
  const suite = { name, thresholds: options.thresholds, timeout, site };

  describe(name, () => {
    for (const item of dataset.samples) {
      const testName = rowName(item.sample, item.row, item.extra);
      // No vitest timeout (0): each row has its own limit, sized from the judge once the metrics are built.
      it(testName, async ({ signal }) => {
        const outcome = { name: testName, results: new Map() };
        state.rows.set(item.row, outcome);
        await scoreRow(suite, await metrics(), item, outcome, signal);
      }, 0);
    }
    for (const [metricName, bar] of Object.entries(options.aggregate ?? {})) {
      it(`aggregate: ${metricName}`, () => {
        const problems = aggregateProblems(name, metricName, bar, dataset.samples, state);
        if (problems.length > 0)
          throw atCallSite(new EvalFailure(`${metricName}: ${problems.join("; ")}`), site);
      });
    }
  });
}
