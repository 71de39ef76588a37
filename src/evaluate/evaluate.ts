import os from "node:os";
import type { Cache } from "../cache/cache.js";
import { AirgapEvalError } from "../errors.js";
import type { Metric } from "../metrics/types.js";
import { aggregateRecords } from "../results/aggregate.js";
import type { RowMetricRecord, RunMetadata } from "../results/types.js";
import { errorText } from "../util/error-text.js";
import { forEachWithConcurrency } from "../util/pool.js";
import { version } from "../version.js";
import type { EvaluateDataset, EvaluateOptions } from "./options.js";
import { type EvaluationPlan, planEvaluation, type RowWork } from "./plan.js";
import { createProgress, stopOnce } from "./progress.js";
import { EvaluationResult } from "./result.js";
import { ResultsWriter, resultsFormat, resultsFormatVersion } from "./results-file.js";
import { withResultsLock } from "./results-lock.js";
import { isCacheHit, rowScorer } from "./score-row.js";

export type { EvaluateDataset, EvaluateOptions } from "./options.js";
export { defaultConcurrency } from "./plan.js";

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
  // One run at a time per results file: a second one throws naming the holder (see results-lock.ts).
  return withResultsLock(options.out, () => evaluateLocked(dataset, metrics, options));
}

async function evaluateLocked(
  dataset: EvaluateDataset,
  metrics: readonly Metric[],
  options: EvaluateOptions,
): Promise<EvaluationResult> {
  const startedAt = new Date().toISOString();
  const plan = planEvaluation(dataset, metrics, options);
  const metadata = runMetadata(plan, options, startedAt);
  const cache = options.cache || undefined;
  const statsBefore = cache?.stats();
  const records = await runPlan(plan, options, metadata, cache);
  if (cache && statsBefore) {
    const after = cache.stats();
    metadata.cache = { hits: after.hits - statsBefore.hits, misses: after.misses - statsBefore.misses };
  }
  return assemble(plan, records, metadata);
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

/** The run's metadata before it ends (`finishedAt` and `interrupted` are set by {@link runPlan}). */
function runMetadata(plan: EvaluationPlan, options: EvaluateOptions, startedAt: string): RunMetadata {
  const { data, entries } = plan;
  const metadata: Omit<RunMetadata, "finishedAt"> = {
    version,
    startedAt,
    ...(data.file !== undefined ? { dataset: data.file } : {}),
    metrics: Object.fromEntries(
      entries.map((e) => [e.metric.name, { ...e.config, configHash: e.configHash }]),
    ),
    runtime: runtimeInfo(),
    options: {
      concurrency: plan.concurrency,
      resume: options.resume === true,
      cache: options.cache ? options.cache.path : false,
      strict: options.strict === true,
      progress: typeof options.progress === "object" ? "custom" : (options.progress ?? "auto"),
      ...options.recordOptions,
    },
    totalRows: data.totalRows,
    ...(plan.rowsChanged > 0 ? { rowsChanged: plan.rowsChanged } : {}),
    ...(data.shard !== undefined ? { shard: data.shard } : {}),
    ...(options.out !== undefined ? { resultsFile: options.out } : {}),
  };
  return metadata as RunMetadata;
}

/**
 * Runs the planned rows, `concurrency` at a time, writing each record to the results file as it
 * finishes. Returns every record (held and new), unordered. A failure to write stops the run and
 * throws once the rows in flight are done.
 */
async function runPlan(
  plan: EvaluationPlan,
  options: EvaluateOptions,
  metadata: RunMetadata,
  cache: Cache | undefined,
): Promise<RowMetricRecord[]> {
  const { data, work } = plan;
  let writer: ResultsWriter | undefined;
  if (options.out !== undefined) {
    writer = plan.parsed ? ResultsWriter.append(options.out, plan.parsed) : ResultsWriter.create(options.out);
    const { finishedAt: _unset, ...header } = metadata;
    writer.write({
      type: "header",
      format: resultsFormat,
      formatVersion: resultsFormatVersion,
      resumed: plan.parsed !== undefined,
      metadata: header,
    });
    for (const bad of data.invalid) writer.write({ type: "invalid", ...bad });
  }
  const records = [...plan.held];
  const progress = stopOnce(
    typeof options.progress === "object" ? options.progress : createProgress(options.progress ?? "auto"),
  );
  const scorers = new Map(plan.entries.map((e) => [e, rowScorer(e, cache)]));
  let rowsDone = data.samples.length - work.length;
  // Rows whose every metric came from the result cache: progress says "cached" rather than a rate for them.
  let rowsCached = 0;
  let errors = records.filter((r) => r.result.status === "error").length;
  let fatal: { error: unknown } | undefined;
  let started = 0;

  const runRow = async ({ item, rowHash, pending }: RowWork): Promise<void> => {
    let hits = 0;
    await Promise.all(
      pending.map(async (entry) => {
        const t0 = performance.now();
        const result = await scorers.get(entry)!(item.sample, rowHash);
        if (isCacheHit(result)) hits++;
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
          records.push(record);
          if (record.result.status === "error") errors++;
          writer?.write({ type: "record", ...record });
          options.onRecord?.(record);
        } catch (error) {
          fatal ??= { error };
        }
      }),
    );
    rowsDone++;
    if (pending.length > 0 && hits === pending.length) rowsCached++;
    progress.update(rowsDone, errors, rowsCached);
  };

  progress.start(data.samples.length, rowsDone);
  // Ctrl-C: the bar goes before the caller prints anything about stopping (listeners run at abort, in order).
  const stopProgress = (): void => progress.stop();
  options.signal?.addEventListener("abort", stopProgress, { once: true });
  try {
    started = await forEachWithConcurrency(
      work,
      plan.concurrency,
      runRow,
      () => options.signal?.aborted === true || fatal !== undefined,
    );
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
      metadata.interrupted = interrupted;
      metadata.finishedAt = finishedAt;
    }
  }
  if (fatal !== undefined) {
    const err = fatal.error;
    if (err instanceof AirgapEvalError) throw err;
    throw new AirgapEvalError(`evaluation stopped: ${errorText(err)}`, { cause: err });
  }
  return records;
}

/** Orders the records by row then metric and builds the result with its aggregates. */
function assemble(plan: EvaluationPlan, records: RowMetricRecord[], metadata: RunMetadata): EvaluationResult {
  const order = new Map(plan.entries.map((e, i) => [e.metric.name, i]));
  records.sort((a, b) => a.row - b.row || (order.get(a.metric) ?? 0) - (order.get(b.metric) ?? 0));
  return new EvaluationResult({
    metadata,
    records,
    invalidRows: plan.data.invalid,
    aggregates: aggregateRecords(
      records,
      plan.entries.map((e) => e.metric.name),
    ),
  });
}
