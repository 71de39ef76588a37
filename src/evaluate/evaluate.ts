import os from "node:os";
import type { Cache } from "../cache/cache.js";
import { cacheKey, cacheNamespaces } from "../cache/keys.js";
import { assertNoInvalidRows, loadDataset } from "../dataset/load.js";
import { checkRequiredColumns, missingFields } from "../dataset/required.js";
import type { Dataset, DatasetSample, LoadDatasetOptions } from "../dataset/types.js";
import { AirgapEvalError, InvalidInputError, JudgeOutputError } from "../errors.js";
import type { Metric, MetricConfig, MetricResult, Sample } from "../metrics/types.js";
import { version } from "../version.js";
import { aggregateRecords } from "./aggregate.js";
import { describeConfigDifferences } from "./config-diff.js";
import { configHash as hashConfig, rowHash as hashRow } from "./hash.js";
import { createProgress, type ProgressMode, type ProgressReporter, stopOnce } from "./progress.js";
import { EvaluationResult } from "./result.js";
import {
  latestMetricConfigs,
  type ParsedResultsFile,
  ResultsWriter,
  readResultsFile,
  resultsFileHasContent,
  resultsFormat,
  resultsFormatVersion,
} from "./results-file.js";
import { isSkippedConfig } from "./skipped-metric.js";
import type { RowMetricRecord, RunMetadata } from "./types.js";

/** What `evaluate` accepts as a dataset: a loaded {@link Dataset}, a file path, or rows in memory. */
export type EvaluateDataset = Dataset | string | readonly Record<string, unknown>[];

/** Options for {@link evaluate}. */
export interface EvaluateOptions {
  /**
   * Rows evaluated at once (a row's metrics run together). Defaults to the smallest `concurrency` of the
   * judges that LLM metrics expose as `metric.llm` (1 when a metric uses an LLM but exposes none, since
   * more rows would only queue behind one judge), else 8 for embedding and pure metrics, so embedding
   * calls from several rows can be batched.
   */
  concurrency?: number;
  /** Results JSONL file: a header line, then each finished row × metric appended at once. Defaults to none. */
  out?: string;
  /**
   * Continue the `out` file: skip row × metric pairs it already holds (same row index, row hash and
   * metric config hash), refuse a file written under another metric configuration. Defaults to false.
   */
  resume?: boolean;
  /** Replace an existing `out` file when not resuming (otherwise that is an error). Defaults to false. */
  overwrite?: boolean;
  /**
   * Cache of metric results, keyed by airgap-eval version, metric config hash and row hash: unchanged
   * rows are not recomputed. Only results of metrics whose models all have a known sha256 are cached,
   * and only ok ones. Defaults to false (the CLI passes its default cache).
   */
  cache?: Cache | false;
  /** Progress display, or your own reporter. Defaults to "auto" (a bar on a TTY, lines otherwise, on stderr). */
  progress?: ProgressMode | ProgressReporter;
  /**
   * Stops the run gracefully: no new rows start, rows in flight finish and are written, and the result
   * is marked `interrupted`. Defaults to none.
   */
  signal?: AbortSignal;
  /** Called with each record right after it is written. Defaults to none. */
  onRecord?: (record: RowMetricRecord) => void;
  /** Any invalid row, or any row lacking a field a metric needs, is an error before work starts. Defaults to false. */
  strict?: boolean;
  /** Column map and format used when `dataset` is a path or rows. Defaults to none (recognised names, format by extension). */
  load?: Omit<LoadDatasetOptions, "strict">;
}

interface MetricEntry {
  metric: Metric;
  config: MetricConfig;
  configHash: string;
  cacheable: boolean;
}

interface RowWork {
  item: DatasetSample;
  rowHash: string;
  pending: MetricEntry[];
}

function isDataset(value: EvaluateDataset): value is Dataset {
  return (
    typeof value === "object" &&
    !Array.isArray(value) &&
    Array.isArray((value as Dataset).samples) &&
    Array.isArray((value as Dataset).invalid)
  );
}

function toDataset(dataset: EvaluateDataset, options: EvaluateOptions): Dataset {
  const loaded = isDataset(dataset) ? dataset : loadDataset(dataset as string, options.load ?? {});
  if (options.strict) assertNoInvalidRows(loaded);
  return loaded;
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

function errorText(err: unknown): string {
  if (err instanceof Error)
    return err.name && err.name !== "Error" ? `${err.name}: ${err.message}` : err.message;
  return String(err);
}

function normalizeResult(result: unknown, metric: string): MetricResult {
  if (result === null || typeof result !== "object") {
    return { value: null, status: "error", error: `${metric} returned no result` };
  }
  const r = result as MetricResult;
  if (r.status !== "ok" && r.status !== "error" && r.status !== "skipped") {
    return {
      value: null,
      status: "error",
      error: `${metric} returned an unknown status ${String(r.status)}`,
    };
  }
  const value = typeof r.value === "number" ? r.value : null;
  return { ...r, value };
}

function runtimeInfo(): Record<string, string> {
  return {
    node: process.versions.node,
    platform: process.platform,
    arch: process.arch,
    os: os.release(),
    airgapEval: version,
  };
}

/**
 * Evaluates every valid row of a dataset with every metric. Rows run concurrently; each finished
 * row × metric is appended at once to the `out` file (so a crash loses at most the rows in flight)
 * and `resume` continues such a file. A metric failing on a row gives that row `status: "error"`;
 * a row lacking a field the metric needs gives `status: "skipped"`; aggregates leave both out and
 * count them. Bad input (a metric needing a column no row has, a changed configuration on resume,
 * invalid rows under `strict`) throws an `InvalidInputError` before any metric runs.
 *
 * @example
 * const result = await evaluate("eval.jsonl", [new Faithfulness({ llm }), new SemanticSimilarity({ embeddings })], {
 *   out: "results.jsonl",
 *   resume: true,
 *   signal: AbortSignal.timeout(3_600_000),
 * });
 * console.table(result.aggregated());
 */
export async function evaluate(
  dataset: EvaluateDataset,
  metrics: readonly Metric[],
  options: EvaluateOptions = {},
): Promise<EvaluationResult> {
  const startedAt = new Date().toISOString();
  const data = toDataset(dataset, options);
  if (metrics.length === 0) throw new InvalidInputError("no metrics given; pass at least one metric");
  const seen = new Set<string>();
  for (const m of metrics) {
    if (seen.has(m.name))
      throw new InvalidInputError(`metric ${m.name} is given twice; pass each metric once`);
    seen.add(m.name);
  }
  checkRequiredColumns(data, metrics);
  if (options.strict) {
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
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? defaultConcurrency(metrics)));
  if (!Number.isFinite(concurrency)) throw new InvalidInputError("concurrency must be a positive number");

  const entries: MetricEntry[] = metrics.map((metric) => {
    const config = metric.config();
    const skipped = isSkippedConfig(config);
    const cacheable =
      !skipped && config.models.every((m) => typeof m.sha256 === "string" && m.sha256.length > 0);
    return { metric, config, configHash: hashConfig(config), cacheable };
  });

  // Results file: check a resumed file's configuration and collect what it already holds.
  const done = new Map<string, RowMetricRecord>();
  let writer: ResultsWriter | undefined;
  let parsed: ParsedResultsFile | undefined;
  if (options.out !== undefined) {
    const hasContent = resultsFileHasContent(options.out);
    if (options.resume && hasContent) {
      parsed = readResultsFile(options.out);
      const prior = latestMetricConfigs(parsed.lines);
      const differences: string[] = [];
      // Records of rows the new dataset lacks would stay in the file and mix two datasets in reports.
      const priorRows = parsed.lines.findLast((l) => l.type === "header")?.metadata.totalRows;
      if (priorRows !== undefined && priorRows !== data.totalRows) {
        differences.push(`dataset rows ${priorRows} -> ${data.totalRows}`);
      }
      for (const entry of entries) {
        const old = prior.get(entry.metric.name);
        if (old === undefined || old.configHash === entry.configHash || isSkippedConfig(old)) continue;
        const words = describeConfigDifferences(old, entry.config);
        differences.push(...(words.length > 0 ? words : [`${entry.metric.name}: configuration changed`]));
      }
      if (differences.length > 0) {
        throw new InvalidInputError(
          `was written under another configuration (${differences.join("; ")}); resume with the same dataset, models, ` +
            "prompts and options, or write to a new results file",
          { file: options.out },
        );
      }
      const hashes = new Map(entries.map((e) => [e.metric.name, e.configHash]));
      for (const line of parsed.lines) {
        if (line.type !== "record" || hashes.get(line.metric) !== line.configHash) continue;
        const { type: _type, ...record } = line;
        done.set(`${record.row}\u0000${record.rowHash}\u0000${record.metric}`, record);
      }
    } else if (hasContent && !options.overwrite) {
      throw new InvalidInputError(
        "already exists; resume it (resume: true, CLI --resume), replace it (overwrite: true), or choose another file",
        { file: options.out },
      );
    }
  }

  // Work list: each valid row with the metrics the results file does not hold yet.
  const records: RowMetricRecord[] = [];
  const work: RowWork[] = [];
  for (const item of data.samples) {
    const rowHash = hashRow(item.sample);
    const pending: MetricEntry[] = [];
    for (const entry of entries) {
      const held = done.get(`${item.row}\u0000${rowHash}\u0000${entry.metric.name}`);
      if (held !== undefined) records.push(held);
      else pending.push(entry);
    }
    if (pending.length > 0) work.push({ item, rowHash, pending });
  }

  const metadataBase: Omit<RunMetadata, "finishedAt"> = {
    version,
    startedAt,
    ...(data.file !== undefined ? { dataset: data.file } : {}),
    metrics: Object.fromEntries(
      entries.map((e) => [e.metric.name, { ...e.config, configHash: e.configHash }]),
    ),
    runtime: runtimeInfo(),
    options: {
      concurrency,
      resume: options.resume === true,
      cache: options.cache ? options.cache.path : false,
      strict: options.strict === true,
      progress: typeof options.progress === "object" ? "custom" : (options.progress ?? "auto"),
    },
    totalRows: data.totalRows,
    ...(options.out !== undefined ? { resultsFile: options.out } : {}),
  };
  if (options.out !== undefined) {
    writer =
      parsed !== undefined ? ResultsWriter.append(options.out, parsed) : ResultsWriter.create(options.out);
    writer.write({
      type: "header",
      format: resultsFormat,
      formatVersion: resultsFormatVersion,
      resumed: parsed !== undefined,
      metadata: metadataBase,
    });
    for (const bad of data.invalid) writer.write({ type: "invalid", ...bad });
  }

  const cache = options.cache || undefined;
  const statsBefore = cache?.stats();
  const progress = stopOnce(
    typeof options.progress === "object" ? options.progress : createProgress(options.progress ?? "auto"),
  );
  let rowsDone = data.samples.length - work.length;
  let errors = records.filter((r) => r.result.status === "error").length;
  let fatal: { error: unknown } | undefined;
  let started = 0;

  const emit = (record: RowMetricRecord): void => {
    records.push(record);
    if (record.result.status === "error") errors++;
    writer?.write({ type: "record", ...record });
    options.onRecord?.(record);
  };

  const scoreOne = async (sample: Sample, rowHash: string, entry: MetricEntry): Promise<MetricResult> => {
    const missing = missingFields(sample, entry.metric);
    if (missing.length > 0) {
      return {
        value: null,
        status: "skipped",
        reason: `row has no ${missing.join(", ")}, which ${entry.metric.name} needs`,
      };
    }
    const key =
      cache && entry.cacheable
        ? cacheKey({ v: 1, version, config: entry.configHash, row: rowHash })
        : undefined;
    if (cache && key !== undefined) {
      const hit = cache.getJson<MetricResult>(cacheNamespaces.metricResult, key);
      if (hit !== undefined) return hit;
    }
    let result: MetricResult;
    try {
      result = normalizeResult(await entry.metric.score(sample), entry.metric.name);
    } catch (err) {
      result = {
        value: null,
        status: "error",
        error: errorText(err),
        ...(err instanceof JudgeOutputError ? { details: { rawText: err.rawText } } : {}),
      };
    }
    if (cache && key !== undefined && result.status === "ok")
      cache.setJson(cacheNamespaces.metricResult, key, result);
    return result;
  };

  const runRow = async ({ item, rowHash, pending }: RowWork): Promise<void> => {
    await Promise.all(
      pending.map(async (entry) => {
        const t0 = performance.now();
        const result = await scoreOne(item.sample, rowHash, entry);
        const record: RowMetricRecord = {
          row: item.row,
          ...(item.line !== undefined ? { line: item.line } : {}),
          rowHash,
          metric: entry.metric.name,
          configHash: entry.configHash,
          result,
          sample: item.sample,
          finishedAt: new Date().toISOString(),
          durationMs: Math.round((performance.now() - t0) * 1000) / 1000,
        };
        try {
          emit(record);
        } catch (error) {
          fatal ??= { error };
        }
      }),
    );
    rowsDone++;
    progress.update(rowsDone, errors);
  };

  const stopped = (): boolean => options.signal?.aborted === true || fatal !== undefined;
  progress.start(data.samples.length, rowsDone);
  // Ctrl-C: the bar goes before the caller prints anything about stopping (listeners run at abort, in order).
  const stopProgress = (): void => progress.stop();
  options.signal?.addEventListener("abort", stopProgress, { once: true });
  try {
    const worker = async (): Promise<void> => {
      while (!stopped() && started < work.length) {
        const next = work[started++]!;
        await runRow(next);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, work.length) }, worker));
  } finally {
    options.signal?.removeEventListener("abort", stopProgress);
    progress.stop();
    const interrupted = started < work.length;
    const finishedAt = new Date().toISOString();
    try {
      writer?.write({ type: "end", finishedAt, interrupted });
    } finally {
      writer?.close();
    }
    if (fatal === undefined) {
      metadataBase.interrupted = interrupted;
      (metadataBase as RunMetadata).finishedAt = finishedAt;
    }
  }
  if (fatal !== undefined) {
    const err = fatal.error;
    if (err instanceof AirgapEvalError) throw err;
    throw new AirgapEvalError(`evaluation stopped: ${errorText(err)}`, { cause: err });
  }

  const order = new Map(entries.map((e, i) => [e.metric.name, i]));
  records.sort((a, b) => a.row - b.row || (order.get(a.metric) ?? 0) - (order.get(b.metric) ?? 0));
  const metadata = metadataBase as RunMetadata;
  if (cache && statsBefore) {
    const after = cache.stats();
    metadata.cache = { hits: after.hits - statsBefore.hits, misses: after.misses - statsBefore.misses };
  }
  return new EvaluationResult({
    metadata,
    records,
    invalidRows: data.invalid,
    aggregates: aggregateRecords(
      records,
      entries.map((e) => e.metric.name),
    ),
  });
}
