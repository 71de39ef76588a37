import { assertNoInvalidRows } from "../dataset/load.js";
import { checkRequiredColumns } from "../dataset/required.js";
import { type DatasetScan, firstRowLacking, isScanned, scanDataset } from "../dataset/scan.js";
import { type DatasetSource, datasetSource, openDataset } from "../dataset/stream.js";
import type { Dataset } from "../dataset/types.js";
import { InvalidInputError } from "../errors.js";
import { checkMetricId } from "../metrics/catalog.js";
import type { Metric, MetricConfig } from "../metrics/types.js";
import { configHash as hashConfig, rowHash as hashRow } from "../results/hash.js";
import { resultsFileHasContent } from "../results/read-file.js";
import { isPrototypeKey, prototypeKeyProblem } from "../util/object-keys.js";
import { checkConcurrencyOption } from "./option-checks.js";
import type { EvaluateDataset, EvaluateOptions } from "./options.js";
import { type ResumedFile, readResumedFile, supersedeRows } from "./resume-index.js";
import { isSkippedConfig, isSkippedStandIn } from "./skipped-metric.js";

/** A metric of the run with its configuration and whether its results may be cached. */
export interface MetricEntry {
  metric: Metric;
  config: MetricConfig;
  configHash: string;
  /** True when every model the metric uses has a known sha256 (and the metric is not a skip stand-in). */
  cacheable: boolean;
}

/** A resumed results file: what it holds, and which valid rows of this run it covers. */
export interface ResumedRun extends ResumedFile {
  /** 1 for each row index that is a valid row of this run (of its shard). */
  current: Uint8Array;
}

/** Everything decided before any metric runs. */
export interface EvaluationPlan {
  /** The rows, read once more for the run. */
  source: DatasetSource;
  /** The first pass over the rows: counts, invalid rows, columns (and row hashes, when resuming). */
  scan: DatasetScan;
  entries: MetricEntry[];
  concurrency: number;
  /** The resumed results file, when there is one. */
  resumed: ResumedRun | undefined;
  /** Valid rows the resumed file already holds every metric of. */
  rowsDone: number;
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

function isSource(value: EvaluateDataset): value is DatasetSource {
  return (
    typeof value === "object" && !Array.isArray(value) && typeof (value as DatasetSource).rows === "function"
  );
}

/** The dataset argument of `evaluate` as a source of rows. */
export function toSource(dataset: EvaluateDataset, options: EvaluateOptions): DatasetSource {
  if (isSource(dataset)) return dataset;
  if (isDataset(dataset)) return datasetSource(dataset);
  return openDataset(dataset, options.load ?? {});
}

function judgeConcurrency(metric: Metric): number | undefined {
  const c = metric.llm?.concurrency;
  return typeof c === "number" && Number.isFinite(c) && c >= 1 ? Math.floor(c) : undefined;
}

/** The default for {@link EvaluateOptions.concurrency}; see there. */
export function defaultConcurrency(metrics: readonly Metric[]): number {
  const llmMetrics = metrics.filter((m) => m.needsLlm);
  if (llmMetrics.length === 0) return 8;
  const known = llmMetrics.map(judgeConcurrency).filter((c): c is number => c !== undefined);
  return known.length > 0 ? Math.min(...known) : 1;
}

function checkMetricList(metrics: readonly Metric[]): void {
  if (metrics.length === 0) throw new InvalidInputError("no metrics given; pass at least one metric");
  const seen = new Set<string>();
  for (const m of metrics) {
    if (isPrototypeKey(m.name)) throw new InvalidInputError(`metric name ${prototypeKeyProblem(m.name)}`);
    // A built-in id is the built-in metric's, or the stand-in's that skips it for want of its model.
    if (!isSkippedStandIn(m)) checkMetricId(m);
    if (seen.has(m.name))
      throw new InvalidInputError(`metric ${m.name} is given twice; pass each metric once`);
    seen.add(m.name);
  }
}

/** A strict run: the first valid row lacking a field some metric needs is an error naming it. */
function checkStrictFields(scan: DatasetScan, file: string | undefined, metrics: readonly Metric[]): void {
  const lacking = firstRowLacking(scan, metrics);
  if (lacking === undefined) return;
  throw new InvalidInputError(`has no ${lacking.field}, which ${lacking.metric} needs (strict run)`, {
    file,
    line: lacking.line,
    row: lacking.row,
    field: lacking.field,
  });
}

/**
 * The row index and row hash of each valid row: from the first pass when it kept them, else read
 * from the rows (a source whose scan was made without `rowHashes`).
 */
async function* validRowHashes(source: DatasetSource, scan: DatasetScan): AsyncGenerator<[number, string]> {
  if (scan.rowHashes !== undefined) {
    yield* scan.rowHashes;
    return;
  }
  for await (const outcome of source.rows()) {
    if (outcome.sample !== undefined) yield [outcome.row, hashRow(outcome.sample.sample)];
  }
}

/**
 * On resume: with the hash of every valid row of the run, finds those whose contents changed since
 * the file was written (their old records are marked superseded and the rows scored again), and
 * counts the rows with nothing left to do.
 */
async function reconcile(
  out: string,
  source: DatasetSource,
  scan: DatasetScan,
  resumed: ResumedFile,
  metrics: number,
): Promise<{ run: ResumedRun; rowsDone: number; rowsChanged: number }> {
  const current = new Uint8Array(scan.totalRows);
  const changed = new Map<number, string>();
  let rowsDone = 0;
  for await (const [row, hash] of validRowHashes(source, scan)) {
    if (row < current.length) current[row] = 1;
    if (resumed.index.hasOtherHash(row, hash)) changed.set(row, hash);
    let all = true;
    for (let m = 0; m < metrics && all; m++) all = resumed.index.isDone(row, hash, m);
    if (all) rowsDone++;
  }
  let tail = resumed.tail;
  if (changed.size > 0) {
    tail = await supersedeRows(out, changed);
    for (const [row, hash] of changed) resumed.index.keepOnly(row, hash);
    if (resumed.records !== undefined) {
      for (const [key, record] of resumed.records) {
        if (changed.has(record.row) && changed.get(record.row) !== record.rowHash)
          resumed.records.delete(key);
      }
    }
  }
  return { run: { ...resumed, tail, current }, rowsDone, rowsChanged: changed.size };
}

/**
 * Checks the dataset and metrics, checks a resumed results file, and prepares the run, reading the
 * dataset once, holding one row at a time (none when the source carries its first pass, see
 * `scanForRun`): the first pass counts rows and finds the columns rows have (a metric needing a column
 * no row has, or with `strict` any invalid row or row lacking a field, throws `InvalidInputError`
 * before a metric runs), and on resume keeps the rows' hashes to find the ones that changed. The run
 * itself reads the rows once more.
 *
 * @example
 * const plan = await planEvaluation("eval.jsonl", [metric], { out: "results.jsonl", resume: true });
 */
export async function planEvaluation(
  dataset: EvaluateDataset,
  metrics: readonly Metric[],
  options: EvaluateOptions,
): Promise<EvaluationPlan> {
  const source = toSource(dataset, options);
  const resuming = options.out !== undefined && options.resume === true && resultsFileHasContent(options.out);
  const scan = isScanned(source) ? source.scan : await scanDataset(source, { rowHashes: resuming });
  if (options.strict)
    assertNoInvalidRows({ invalid: scan.invalid, badCells: scan.badCells, file: source.file });
  checkMetricList(metrics);
  // A shard may lack a column other shards have: the CLI checks the whole dataset before sharding.
  if (source.shard === undefined) checkRequiredColumns(scan, metrics);
  if (options.strict) checkStrictFields(scan, source.file, metrics);
  const concurrency = checkConcurrencyOption(options.concurrency) ?? defaultConcurrency(metrics);

  const entries: MetricEntry[] = metrics.map((metric) => {
    const config = metric.config();
    const cacheable =
      !isSkippedConfig(config) &&
      config.models.every((m) => typeof m.sha256 === "string" && m.sha256.length > 0);
    return { metric, config, configHash: hashConfig(config), cacheable };
  });
  const resumedFile =
    options.out === undefined
      ? undefined
      : await readResumedFile(options.out, {
          resume: options.resume,
          overwrite: options.overwrite,
          totalRows: scan.totalRows,
          shard: source.shard,
          metrics: entries.map((e) => ({ name: e.metric.name, config: e.config, configHash: e.configHash })),
          keepRecords: options.keepRecords !== false,
        });
  if (resumedFile === undefined || options.out === undefined) {
    return { source, scan, entries, concurrency, resumed: undefined, rowsDone: 0, rowsChanged: 0 };
  }
  const { run, rowsDone, rowsChanged } = await reconcile(
    options.out,
    source,
    scan,
    resumedFile,
    entries.length,
  );
  return { source, scan, entries, concurrency, resumed: run, rowsDone, rowsChanged };
}
