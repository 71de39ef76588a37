import os from "node:os";
import type { Cache } from "../cache/cache.js";
import type { DatasetSample } from "../dataset/types.js";
import { AirgapEvalError, InvalidInputError } from "../errors.js";
import type { Metric } from "../metrics/types.js";
import { runDifferences } from "../report/run-differences.js";
import { aggregateRecords } from "../results/aggregate.js";
import { RecordDigest } from "../results/digest.js";
import { rowHash as hashRow } from "../results/hash.js";
import type { AggregateIntervalOptions } from "../results/interval-tally.js";
import { withResultsLock } from "../results/lock.js";
import { streamResultsFile } from "../results/read-file.js";
import { RecordSamples } from "../results/samples.js";
import type { RowMetricRecord, RunMetadata } from "../results/types.js";
import { withValueRanges } from "../results/value-range.js";
import { ResultsWriter } from "../results/writer.js";
import { errorText } from "../util/error-text.js";
import { forEachOfStream } from "../util/pool.js";
import { realTarget } from "../util/real-path.js";
import { version } from "../version.js";
import { columnsToKeep, keptColumns } from "./kept-columns.js";
import { runMetricPasses } from "./metric-passes.js";
import type { EvaluateDataset, EvaluateOptions } from "./options.js";
import { type EvaluationPlan, type MetricEntry, planEvaluation } from "./plan.js";
import { createProgress, stopOnce } from "./progress.js";
import { EvaluationResult } from "./result.js";
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
  // One run at a time per results file: a second one throws naming the holder (see results/lock.ts).
  return withResultsLock(options.out, () => evaluateLocked(dataset, metrics, options));
}

async function evaluateLocked(
  dataset: EvaluateDataset,
  metrics: readonly Metric[],
  options: EvaluateOptions,
): Promise<EvaluationResult> {
  const startedAt = new Date().toISOString();
  const plan = await planEvaluation(dataset, metrics, options);
  const metadata = runMetadata(plan, options, startedAt);
  const cache = options.cache || undefined;
  const statsBefore = cache?.stats();
  const outcome = await runPlan(plan, options, metadata, cache);
  if (cache && statsBefore) {
    const after = cache.stats();
    metadata.cache = { hits: after.hits - statsBefore.hits, misses: after.misses - statsBefore.misses };
  }
  return assemble(plan, outcome, metadata, withValueRanges(options.intervals, metadata.metrics));
}

function runtimeInfo(): Record<string, string> {
  const cpus = os.cpus();
  return {
    node: process.versions.node,
    platform: process.platform,
    arch: process.arch,
    os: os.release(),
    // Which CPU ran the run: the judge's llama.cpp build is pinned (see each model's cpuBuild), onnxruntime picks
    // its kernels by CPU (docs/reproducibility.md says what that changes).
    cpu: `${cpus[0]?.model.trim() ?? "unknown"} (${cpus.length} logical CPUs)`,
    airgapEval: version,
  };
}

/** The run's metadata before it ends (`finishedAt` and `interrupted` are set by {@link runPlan}). */
function runMetadata(plan: EvaluationPlan, options: EvaluateOptions, startedAt: string): RunMetadata {
  const { source, scan, entries } = plan;
  const metadata: Omit<RunMetadata, "finishedAt"> = {
    version,
    startedAt,
    ...(source.file !== undefined ? { dataset: source.file, datasetPath: realTarget(source.file) } : {}),
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
    totalRows: scan.totalRows,
    ...(plan.rowsChanged > 0 ? { rowsChanged: plan.rowsChanged } : {}),
    ...(source.shard !== undefined ? { shard: source.shard } : {}),
    ...(options.out !== undefined ? { resultsFile: options.out } : {}),
  };
  // A resume goes on under what may differ without changing a number (the CPU, threads, Node): said, not refused.
  const previous = plan.resumed?.previous;
  const differences = previous === undefined ? [] : runDifferences(previous, metadata);
  if (differences.length > 0) metadata.resumedDifferences = differences;
  return metadata as RunMetadata;
}

/** What a run produced: every record (when kept) or a digest of them, and the new records' count. */
interface RunOutcome {
  /** Held and new records, unordered; undefined when not kept. */
  records: RowMetricRecord[] | undefined;
  /** Aggregates, reasons and unscored rows of held and new records, when records are not kept. */
  digest: RecordDigest | undefined;
  /** Records the digest covers. */
  recordCount: number;
}

/** A valid row with the metrics still to compute on it. */
interface RowWork {
  item: DatasetSample;
  rowHash: string;
  pending: MetricEntry[];
}

/**
 * The rows of the run with work left, read one at a time; rows the resumed file holds in full are
 * skipped. A row past the count of the first pass means the file changed during the run: an error.
 */
async function* rowWork(plan: EvaluationPlan): AsyncGenerator<RowWork> {
  const { entries, resumed, scan } = plan;
  for await (const outcome of plan.source.rows()) {
    if (outcome.row >= scan.totalRows) {
      throw new InvalidInputError(
        `the dataset changed while it was evaluated: it now has more than the ${scan.totalRows} rows counted before the run started; evaluate a file that is not being written, then resume`,
        { ...(plan.source.file !== undefined ? { file: plan.source.file } : {}), row: outcome.row },
      );
    }
    if (outcome.sample === undefined) continue;
    const item = outcome.sample;
    const rowHash = hashRow(item.sample);
    if (resumed === undefined) {
      yield { item, rowHash, pending: entries };
      continue;
    }
    const pending = entries.filter((_, m) => !resumed.index.isDone(item.row, rowHash, m));
    if (pending.length > 0) yield { item, rowHash, pending };
  }
}

/**
 * The records a resumed file already holds that count for this run: rows of the dataset as it is now,
 * done under the current configurations (kept whether or not the run is then stopped).
 */
function heldRecords(plan: EvaluationPlan): RowMetricRecord[] {
  const resumed = plan.resumed;
  if (resumed?.records === undefined) return [];
  const index = new Map(plan.entries.map((e, i) => [e.metric.name, i]));
  const held: RowMetricRecord[] = [];
  for (const record of resumed.records.values()) {
    const m = index.get(record.metric);
    if (m === undefined || resumed.current[record.row] !== 1) continue;
    if (resumed.index.isDone(record.row, record.rowHash, m)) held.push(record);
  }
  return held;
}

/**
 * With records not kept, the records a resumed file already held (done under the current
 * configurations, for rows of this run) go into the digest, read from the file once more.
 */
async function digestHeld(
  out: string,
  plan: EvaluationPlan,
  digest: RecordDigest,
  clustered: boolean,
): Promise<number> {
  const resumed = plan.resumed!;
  const index = new Map(plan.entries.map((e, i) => [e.metric.name, i]));
  const hashes = new Map(plan.entries.map((e) => [e.metric.name, e.configHash]));
  // Clustered intervals read each held record's cluster from its row's sample line (sample and kept columns).
  const samples = clustered ? new RecordSamples(out) : undefined;
  let count = 0;
  await streamResultsFile(out, (line) => {
    if (samples?.take(line)) return;
    if (line.type !== "record" || hashes.get(line.metric) !== line.configHash) return;
    const m = index.get(line.metric)!;
    if (resumed.current[line.row] !== 1 || !resumed.index.isDone(line.row, line.rowHash, m)) return;
    // Counted once, however many times the file holds the pair.
    resumed.index.clear(line.row, line.rowHash, m);
    digest.add(samples !== undefined ? samples.join(line) : line);
    count++;
  });
  return count;
}

/**
 * Runs the planned rows, `concurrency` at a time, reading them from the source as rows finish and
 * writing each record to the results file as it finishes. Keeps every record (held and new, unordered)
 * or, with `keepRecords: false`, only a digest of them. A failure to write stops the run and throws once
 * the rows in flight are done.
 */
async function runPlan(
  plan: EvaluationPlan,
  options: EvaluateOptions,
  metadata: RunMetadata,
  cache: Cache | undefined,
): Promise<RunOutcome> {
  const { scan, resumed } = plan;
  const keep = options.keepRecords !== false;
  let writer: ResultsWriter | undefined;
  if (options.out !== undefined) {
    writer = resumed ? ResultsWriter.append(options.out, resumed.tail) : ResultsWriter.create(options.out);
    const { finishedAt: _unset, ...header } = metadata;
    writer.writeHeader(header, resumed !== undefined);
    for (const bad of scan.invalid) writer.write({ type: "invalid", ...bad });
  }
  const records: RowMetricRecord[] | undefined = keep ? heldRecords(plan) : undefined;
  const digest = keep
    ? undefined
    : new RecordDigest(
        plan.entries.map((e) => e.metric.name),
        withValueRanges(options.intervals, metadata.metrics),
      );
  let recordCount = 0;
  const progress = stopOnce(
    typeof options.progress === "object" ? options.progress : createProgress(options.progress ?? "auto"),
  );
  const scorers = new Map(plan.entries.map((e) => [e, rowScorer(e, cache)]));
  let rowsDone = plan.rowsDone;
  // Rows whose every metric came from the result cache: progress says "cached" rather than a rate for them.
  let rowsCached = 0;
  let errors = records?.filter((r) => r.result.status === "error").length ?? 0;
  let fatal: { error: unknown } | undefined;
  const toKeep = columnsToKeep(options.intervals?.clusterBy);

  const runRow = async ({ item, rowHash, pending }: RowWork): Promise<void> => {
    let hits = 0;
    let sampleJson: string | undefined;
    let columns: Record<string, unknown> | undefined;
    try {
      columns = keptColumns(item, toKeep, scan.file);
    } catch (error) {
      fatal ??= { error };
      return;
    }
    await Promise.all(
      pending.map(async (entry) => {
        const t0 = performance.now();
        const result = await scorers.get(entry)!(item.sample, rowHash, item.badCells);
        if (isCacheHit(result)) hits++;
        const record: RowMetricRecord = {
          row: item.row,
          ...(item.line !== undefined ? { line: item.line } : {}),
          rowHash,
          metric: entry.metric.name,
          configHash: entry.configHash,
          result,
          sample: item.sample,
          ...(columns !== undefined ? { columns } : {}),
          finishedAt: new Date().toISOString(),
          durationMs: Math.round((performance.now() - t0) * 1000) / 1000,
        };
        try {
          records?.push(record);
          digest?.add(record);
          recordCount++;
          if (record.result.status === "error") errors++;
          if (writer !== undefined) {
            // The row's sample once, before its first record of this run (results format 2).
            if (sampleJson === undefined) {
              sampleJson = JSON.stringify(item.sample);
              writer.writeSample(record, sampleJson);
            }
            const { sample: _sample, columns: _columns, ...stored } = record;
            writer.writeRecord(stored);
          }
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

  // Ctrl-C: the bar goes before the caller prints anything about stopping (listeners run at abort, in order).
  const stopProgress = (): void => progress.stop();
  options.signal?.addEventListener("abort", stopProgress, { once: true });
  // Stays true when the run throws, so the end line never calls an incomplete run complete.
  let interrupted = true;
  try {
    // Metrics that score in passes (a jury loading one judge at a time) run them first (metric-passes.ts).
    await runMetricPasses({
      entries: plan.entries,
      rows: () => rowWork(plan),
      cache,
      concurrency: plan.concurrency,
      signal: options.signal,
      progress: typeof options.progress === "object" ? undefined : (options.progress ?? "auto"),
    });
    const work = rowWork(plan);
    progress.start(scan.validRows, rowsDone);
    interrupted = !(await forEachOfStream(
      work,
      plan.concurrency,
      runRow,
      () => options.signal?.aborted === true || fatal !== undefined,
    ));
  } finally {
    options.signal?.removeEventListener("abort", stopProgress);
    progress.stop();
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
  if (digest !== undefined && resumed !== undefined && options.out !== undefined) {
    recordCount += await digestHeld(options.out, plan, digest, options.intervals?.clusterBy !== undefined);
  }
  return { records, digest, recordCount };
}

/** Orders the records by row then metric and builds the result with its aggregates. */
function assemble(
  plan: EvaluationPlan,
  outcome: RunOutcome,
  metadata: RunMetadata,
  intervals: AggregateIntervalOptions | undefined,
): EvaluationResult {
  const names = plan.entries.map((e) => e.metric.name);
  const invalidRows = plan.scan.invalid;
  if (outcome.records === undefined) {
    const digest = outcome.digest!;
    return new EvaluationResult({
      metadata,
      records: [],
      recordsKept: false,
      recordCount: outcome.recordCount,
      invalidRows,
      aggregates: digest.aggregates(),
      problems: digest.problems(),
      unscored: digest.unscored(),
    });
  }
  const records = outcome.records;
  const order = new Map(names.map((name, i) => [name, i]));
  records.sort((a, b) => a.row - b.row || (order.get(a.metric) ?? 0) - (order.get(b.metric) ?? 0));
  return new EvaluationResult({
    metadata,
    records,
    invalidRows,
    aggregates: aggregateRecords(records, names, intervals),
  });
}
