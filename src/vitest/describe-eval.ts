import { describe, expect, it } from "vitest";
import { loadDataset } from "../dataset/load.js";
import type { LoadDatasetOptions } from "../dataset/types.js";
import { InvalidInputError } from "../errors.js";
import { parseMetricFile } from "../metric-file/definition.js";
import { createDefinedMetric } from "../metric-file/load.js";
import { checkMetricId } from "../metrics/builtin-id.js";
import type { MetricModels } from "../metrics/descriptor.js";
import type { Metric, MetricResult, Sample } from "../metrics/types.js";
import { assessScore, type ScoreExpectation } from "../testing/expectation.js";
import { recordAssertion } from "./matchers.js";

/** A bar on one metric over the whole data set. */
export interface AggregateExpectation {
  /** The mean of the scored rows must be at least this. Defaults to no bar. */
  meanAtLeast?: number;
  /** At most this many rows may be left without a score (errors, skipped, null). Defaults to 0. */
  maxUnscored?: number;
}

/** Options of {@link describeEval}. */
export interface DescribeEvalOptions {
  /** The rows: a JSONL/JSON/CSV path, or rows with Ragas, Haystack or camelCase names. */
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
}

/**
 * Checks the suite's metric options and metric file now (when the suite is collected), and gives the function that
 * builds its metrics when it runs: `metrics`, then the metric file's, built with `models`.
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
  const dataset = loadDataset(options.data, { ...options.load, strict: true });
  if (dataset.samples.length === 0) {
    throw new InvalidInputError(
      `describeEval("${name}") has no rows`,
      dataset.file ? { file: dataset.file } : {},
    );
  }
  const results = new Map<string, Array<MetricResult | undefined>>();
  const buildMetrics = suiteMetrics(name, options);
  let metricsPromise: Promise<readonly Metric[]> | undefined;
  const metrics = () => {
    metricsPromise ??= buildMetrics();
    return metricsPromise;
  };
  const rowName = options.rowName ?? defaultName;

  describe(name, () => {
    for (const item of dataset.samples) {
      it(rowName(item.sample, item.row, item.extra), async () => {
        const failures: string[] = [];
        for (const metric of await metrics()) {
          const bar = options.thresholds?.[metric.name];
          const started = Date.now();
          let result: MetricResult;
          if (bar === undefined) {
            result = await metric.score(item.sample);
          } else {
            const assessed = await assessScore(
              item.sample,
              metric,
              typeof bar === "number" ? { atLeast: bar } : bar,
            );
            result = assessed.result;
            if (!assessed.pass) failures.push(assessed.message);
          }
          recordAssertion(metric, item.sample, result, started);
          const list = results.get(metric.name) ?? [];
          list[item.row] = result;
          results.set(metric.name, list);
        }
        expect(failures, failures.join("\n\n")).toEqual([]);
      });
    }
    for (const [metricName, bar] of Object.entries(options.aggregate ?? {})) {
      it(`aggregate: ${metricName}`, () => {
        const list = results.get(metricName);
        if (list === undefined) {
          throw new InvalidInputError(
            `aggregate names ${metricName}, which is not among the metrics of "${name}"`,
          );
        }
        const scored = dataset.samples
          .map((s) => list[s.row])
          .filter((r) => r?.status === "ok" && r.value !== null);
        const unscoredRows = dataset.samples.filter((s) => !scored.includes(list[s.row])).map((s) => s.row);
        const mean =
          scored.length > 0 ? scored.reduce((sum, r) => sum + (r!.value as number), 0) / scored.length : null;
        const problems: string[] = [];
        const maxUnscored = bar.maxUnscored ?? 0;
        if (unscoredRows.length > maxUnscored) {
          problems.push(
            `${unscoredRows.length} of ${dataset.samples.length} rows have no score (rows ${unscoredRows.join(", ")}); at most ${maxUnscored} allowed`,
          );
        }
        if (bar.meanAtLeast !== undefined && (mean === null || mean < bar.meanAtLeast)) {
          problems.push(
            `mean ${mean === null ? "n/a" : mean.toFixed(4)} over ${scored.length} scored rows; expected >= ${bar.meanAtLeast}`,
          );
        }
        expect(problems, `${metricName}: ${problems.join("; ")}`).toEqual([]);
      });
    }
  });
}
