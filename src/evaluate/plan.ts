import { assertNoInvalidRows, loadDataset } from "../dataset/load.js";
import { checkRequiredColumns, missingFields } from "../dataset/required.js";
import type { Dataset, DatasetSample } from "../dataset/types.js";
import { InvalidInputError } from "../errors.js";
import type { Metric, MetricConfig } from "../metrics/types.js";
import type { RowMetricRecord } from "../results/types.js";
import { configHash as hashConfig, rowHash as hashRow } from "./hash.js";
import { checkConcurrencyOption } from "./option-checks.js";
import type { EvaluateDataset, EvaluateOptions } from "./options.js";
import { type ParsedResultsFile, prepareResultsFile, resumeKey } from "./results-file.js";
import { isSkippedConfig } from "./skipped-metric.js";
import { supersedeChangedRows } from "./superseded.js";

/** A metric of the run with its configuration and whether its results may be cached. */
export interface MetricEntry {
  metric: Metric;
  config: MetricConfig;
  configHash: string;
  /** True when every model the metric uses has a known sha256 (and the metric is not a skip stand-in). */
  cacheable: boolean;
}

/** A row with the metrics still to compute on it. */
export interface RowWork {
  item: DatasetSample;
  rowHash: string;
  pending: MetricEntry[];
}

/** Everything decided before any metric runs. */
export interface EvaluationPlan {
  data: Dataset;
  entries: MetricEntry[];
  concurrency: number;
  /** Rows with metrics to compute, in dataset order. */
  work: RowWork[];
  /** Records a resumed results file already holds. */
  held: RowMetricRecord[];
  /** The resumed results file, when there is one. */
  parsed: ParsedResultsFile | undefined;
  /** Rows whose contents changed since the resumed file was written (re-scored). */
  rowsChanged: number;
}

function isDataset(value: EvaluateDataset): value is Dataset {
  return (
    typeof value === "object" &&
    !Array.isArray(value) &&
    Array.isArray((value as Dataset).samples) &&
    Array.isArray((value as Dataset).invalid)
  );
}

function judgeConcurrency(metric: Metric): number | undefined {
  const c = metric.llm?.concurrency;
  return typeof c === "number" && Number.isFinite(c) && c >= 1 ? Math.floor(c) : undefined;
}

/** The default for {@link EvaluateOptions.concurrency}; see there. */
export function defaultConcurrency(metrics: readonly Metric[]): number {
  const llmMetrics = metrics.filter((m) => m.usesLlm);
  if (llmMetrics.length === 0) return 8;
  const known = llmMetrics.map(judgeConcurrency).filter((c): c is number => c !== undefined);
  return known.length > 0 ? Math.min(...known) : 1;
}

function checkMetrics(data: Dataset, metrics: readonly Metric[], strict: boolean): void {
  if (metrics.length === 0) throw new InvalidInputError("no metrics given; pass at least one metric");
  const seen = new Set<string>();
  for (const m of metrics) {
    if (seen.has(m.name))
      throw new InvalidInputError(`metric ${m.name} is given twice; pass each metric once`);
    seen.add(m.name);
  }
  // A shard may lack a column other shards have: the CLI checks the whole dataset before sharding.
  if (data.shard === undefined) checkRequiredColumns(data, metrics);
  if (!strict) return;
  for (const item of data.samples) {
    for (const metric of metrics) {
      const [field] = missingFields(item.sample, metric);
      if (field !== undefined) {
        throw new InvalidInputError(`has no ${field}, which ${metric.name} needs (strict run)`, {
          file: data.file,
          line: item.line,
          row: item.row,
          field,
        });
      }
    }
  }
}

/**
 * Loads and checks the dataset and metrics, checks a resumed results file, and lists the work left:
 * each valid row with the metrics the results file does not hold yet. Throws `InvalidInputError` for
 * anything that must be fixed before a metric runs.
 *
 * @example
 * const plan = planEvaluation("eval.jsonl", [metric], { out: "results.jsonl", resume: true });
 */
export function planEvaluation(
  dataset: EvaluateDataset,
  metrics: readonly Metric[],
  options: EvaluateOptions,
): EvaluationPlan {
  const data = isDataset(dataset) ? dataset : loadDataset(dataset as string, options.load ?? {});
  if (options.strict) assertNoInvalidRows(data);
  checkMetrics(data, metrics, options.strict === true);
  const concurrency = checkConcurrencyOption(options.concurrency) ?? defaultConcurrency(metrics);

  const entries: MetricEntry[] = metrics.map((metric) => {
    const config = metric.config();
    const cacheable =
      !isSkippedConfig(config) &&
      config.models.every((m) => typeof m.sha256 === "string" && m.sha256.length > 0);
    return { metric, config, configHash: hashConfig(config), cacheable };
  });
  const resumed =
    options.out === undefined
      ? { parsed: undefined, done: new Map<string, RowMetricRecord>() }
      : prepareResultsFile(options.out, {
          resume: options.resume,
          overwrite: options.overwrite,
          totalRows: data.totalRows,
          shard: data.shard,
          metrics: entries.map((e) => ({ name: e.metric.name, config: e.config, configHash: e.configHash })),
        });
  const { done } = resumed;
  let parsed = resumed.parsed;
  let rowsChanged = 0;
  if (parsed !== undefined && options.out !== undefined) {
    // Rows edited since the file was written: their old records are marked superseded, so no reader
    // counts both, and the rows are scored again.
    const superseded = supersedeChangedRows(
      options.out,
      parsed,
      data.samples.map((item) => ({ row: item.row, rowHash: hashRow(item.sample) })),
    );
    parsed = superseded.parsed;
    rowsChanged = superseded.changedRows;
  }

  const held: RowMetricRecord[] = [];
  const work: RowWork[] = [];
  for (const item of data.samples) {
    const rowHash = hashRow(item.sample);
    const pending: MetricEntry[] = [];
    for (const entry of entries) {
      const record = done.get(resumeKey(item.row, rowHash, entry.metric.name));
      if (record !== undefined) held.push(record);
      else pending.push(entry);
    }
    if (pending.length > 0) work.push({ item, rowHash, pending });
  }
  return { data, entries, concurrency, work, held, parsed, rowsChanged };
}
