// Merging the results files of a sharded run into one results file: same configuration everywhere,
// every dataset row exactly once, and what is missing or duplicated named.
import { loadDataset } from "../dataset/load.js";
import type { Dataset, LoadDatasetOptions } from "../dataset/types.js";
import { InvalidInputError } from "../errors.js";
import { aggregateRecords } from "../results/aggregate.js";
import { canonicalJson, rowHash } from "../results/hash.js";
import type { ResultsHeaderLine } from "../results/lines.js";
import { loadResults } from "../results/load.js";
import { withResultsLockSync } from "../results/lock.js";
import { readResultsFile, resultsFileHasContent } from "../results/read-file.js";
import type {
  EvaluationResultData,
  MergedShardFile,
  MergeInfo,
  RowMetricRecord,
  RunMetadata,
  ShardInfo,
} from "../results/types.js";
import { ResultsWriter } from "../results/writer.js";
import { describeConfigDifferences } from "./config-diff.js";

/** A row × metric present in more than one shard file; the first file's record is kept. */
export interface DuplicateRecord {
  row: number;
  metric: string;
  /** Every file holding it, the kept one first. */
  files: string[];
  /** True when every copy has the same result (value, status, reason, details, error). */
  sameResult: boolean;
}

/** A dataset row that no shard file holds, or holds for only some metrics. */
export interface MissingRow {
  row: number;
  /** 1-based line in the dataset file, when `dataset` was given and loaded from a file. */
  line?: number;
  /** The metrics the row has no record for. */
  metrics: string[];
}

/** Options for {@link mergeShardResults}. */
export interface MergeShardResultsOptions {
  /**
   * The dataset the shards evaluated (a path or a loaded dataset). With it, every record's inputs are
   * checked against the dataset row of the same number (a shard run on another version of the file is
   * an error) and missing rows carry their line. Defaults to none: missing rows are found from the
   * row count the shards recorded.
   */
  dataset?: Dataset | string;
  /** Column map and format used when `dataset` is a path. Defaults to none (recognised names, format by extension). */
  load?: LoadDatasetOptions;
}

/** Result of {@link mergeShardResults}. */
export interface MergeOutcome {
  /** The merged run: what `loadResults` gives for the merged file. */
  data: EvaluationResultData;
  /** Row × metric pairs found in more than one file. */
  duplicates: DuplicateRecord[];
  /** Dataset rows lacking a record for some metric, ordered by row. */
  missing: MissingRow[];
  /** Things worth knowing that are not errors (torn files, shard indexes absent), one sentence each. */
  notes: string[];
}

interface ShardFile {
  file: string;
  header: ResultsHeaderLine;
  data: EvaluationResultData;
  tornTail: boolean;
}

function readShard(file: string): ShardFile {
  const parsed = readResultsFile(file);
  const header = parsed.lines.findLast((l): l is ResultsHeaderLine => l.type === "header");
  if (header === undefined) {
    throw new InvalidInputError("holds no results header; it is empty or not an airgap-eval results file", {
      file,
    });
  }
  return { file, header, data: loadResults(file), tornTail: parsed.tornTail };
}

function shardText(shard: ShardInfo | undefined): string {
  if (shard === undefined) return "all rows (no --shard)";
  return `${shard.count} shards${shard.rowKey !== undefined ? ` keyed by column ${shard.rowKey}` : " keyed by content"}`;
}

/** Every way `other` was run differently from `first`, in words. */
function configDifferences(first: ShardFile, other: ShardFile): string[] {
  const out: string[] = [];
  const a = first.data.metadata;
  const b = other.data.metadata;
  if (a.version !== b.version) out.push(`airgap-eval version ${a.version} -> ${b.version}`);
  if (a.totalRows !== b.totalRows) {
    out.push(`dataset rows ${String(a.totalRows ?? "unknown")} -> ${String(b.totalRows ?? "unknown")}`);
  }
  const sa = first.header.metadata.shard;
  const sb = other.header.metadata.shard;
  if (shardText(sa) !== shardText(sb)) out.push(`sharding ${shardText(sa)} -> ${shardText(sb)}`);
  if (sa?.datasetHash !== undefined && sb?.datasetHash !== undefined && sa.datasetHash !== sb.datasetHash) {
    out.push(
      `dataset contents ${sa.datasetHash.slice(0, 12)}… -> ${sb.datasetHash.slice(0, 12)}… (another dataset, or the file was edited between shards)`,
    );
  }
  const names = [...new Set([...Object.keys(a.metrics), ...Object.keys(b.metrics)])];
  for (const name of names) {
    const ca = a.metrics[name];
    const cb = b.metrics[name];
    if (ca === undefined) out.push(`metric ${name} only in the later file`);
    else if (cb === undefined) out.push(`metric ${name} missing`);
    else if (ca.configHash !== cb.configHash) {
      const words = describeConfigDifferences(ca, cb);
      out.push(...(words.length > 0 ? words : [`${name}: configuration changed`]));
    }
  }
  return out;
}

function checkAgainstDataset(shards: readonly ShardFile[], dataset: Dataset): void {
  const byRow = new Map(dataset.samples.map((s) => [s.row, s]));
  for (const shard of shards) {
    const total = shard.data.metadata.totalRows;
    if (total !== undefined && total !== dataset.totalRows) {
      throw new InvalidInputError(
        `was run on a dataset of ${total} rows, but ${dataset.file ?? "the dataset"} has ${dataset.totalRows}; merge shards of one dataset, and give that dataset`,
        { file: shard.file },
      );
    }
    for (const record of shard.data.records) {
      const item = byRow.get(record.row);
      if (item === undefined || rowHash(item.sample) !== record.rowHash) {
        throw new InvalidInputError(
          `row ${record.row} does not match row ${record.row}${item?.line !== undefined ? ` (line ${item.line})` : ""} of ${dataset.file ?? "the dataset"}: ${item === undefined ? "that row is not a valid row there" : "its inputs differ"}; the shard was run on another version of the dataset`,
          { file: shard.file },
        );
      }
    }
  }
}

/**
 * Merges the results files of a sharded run (`airgap-eval eval --shard i/N --out ...`) into one run.
 * Throws an `InvalidInputError` when the files were not made alike (airgap-eval version, dataset row
 * count, sharding, metric configurations: models' sha256, prompt versions, options), naming each file
 * and what differs from the first, or when a record does not match the given dataset. Duplicated and
 * missing row × metric pairs are returned, not thrown: the merged run is incomplete (`interrupted`)
 * when rows are missing. A file cut off mid-line contributes its complete lines.
 *
 * @example
 * const merged = mergeShardResults(["r.shard-0-of-2.jsonl", "r.shard-1-of-2.jsonl"], { dataset: "data.jsonl" });
 * writeMergedResults("all.jsonl", merged);
 * console.log(merged.missing.length, merged.data.aggregates);
 */
export function mergeShardResults(
  files: readonly string[],
  options: MergeShardResultsOptions = {},
): MergeOutcome {
  if (files.length === 0) throw new InvalidInputError("merge needs at least one shard results file");
  const resolvedNames = new Set<string>();
  for (const file of files) {
    if (resolvedNames.has(file))
      throw new InvalidInputError("is given twice; give each shard file once", { file });
    resolvedNames.add(file);
  }
  const shards = files.map(readShard);
  const first = shards[0]!;
  const problems: string[] = [];
  for (const shard of shards.slice(1)) {
    const diff = configDifferences(first, shard);
    if (diff.length > 0) problems.push(`${shard.file} differs from ${first.file}: ${diff.join("; ")}`);
  }
  if (problems.length > 0) {
    throw new InvalidInputError(
      `the shard files were not made alike, so their numbers cannot be merged: ${problems.join(". ")}. Re-run the odd shards with the same models, prompts, options and dataset`,
    );
  }
  const dataset =
    options.dataset === undefined
      ? undefined
      : typeof options.dataset === "string"
        ? loadDataset(options.dataset, options.load ?? {})
        : options.dataset;
  if (dataset !== undefined) checkAgainstDataset(shards, dataset);

  // Records: the first file holding a row × metric wins; later copies are duplicates.
  const metricOrder = Object.keys(first.data.metadata.metrics);
  const kept = new Map<string, { record: RowMetricRecord; file: string }>();
  const dupes = new Map<string, DuplicateRecord>();
  const taken = new Map<string, number>();
  for (const shard of shards) {
    let count = 0;
    for (const record of shard.data.records) {
      const key = `${record.row}\u0000${record.metric}`;
      const held = kept.get(key);
      if (held === undefined) {
        kept.set(key, { record, file: shard.file });
        count++;
        continue;
      }
      if (held.record.rowHash !== record.rowHash) {
        throw new InvalidInputError(
          `row ${record.row} has other inputs than in ${held.file}; the shards were run on different datasets`,
          { file: shard.file },
        );
      }
      const dupe = dupes.get(key) ?? {
        row: record.row,
        metric: record.metric,
        files: [held.file],
        sameResult: true,
      };
      dupe.files.push(shard.file);
      dupe.sameResult &&= canonicalJson(held.record.result) === canonicalJson(record.result);
      dupes.set(key, dupe);
    }
    taken.set(shard.file, count);
  }
  const records = [...kept.values()]
    .map((k) => k.record)
    .sort((a, b) => a.row - b.row || metricOrder.indexOf(a.metric) - metricOrder.indexOf(b.metric));

  // Invalid rows: every shard reports all of them; keep one copy of each problem.
  const invalidRows: EvaluationResultData["invalidRows"] = [];
  const seenInvalid = new Set<string>();
  for (const shard of shards) {
    for (const bad of shard.data.invalidRows) {
      const key = canonicalJson(bad);
      if (seenInvalid.has(key)) continue;
      seenInvalid.add(key);
      invalidRows.push(bad);
    }
  }
  invalidRows.sort((a, b) => a.row - b.row);

  // Missing: each expected row lacking a metric's record.
  const invalidSet = new Set(invalidRows.map((r) => r.row));
  const totalRows = dataset?.totalRows ?? first.data.metadata.totalRows;
  const expected: Array<{ row: number; line?: number }> =
    dataset !== undefined
      ? dataset.samples.map((s) => ({ row: s.row, ...(s.line !== undefined ? { line: s.line } : {}) }))
      : totalRows !== undefined
        ? Array.from({ length: totalRows }, (_, row) => ({ row })).filter((r) => !invalidSet.has(r.row))
        : [...new Set(records.map((r) => r.row))].map((row) => ({ row }));
  const missing: MissingRow[] = [];
  for (const { row, line } of expected) {
    const lacking = metricOrder.filter((m) => !kept.has(`${row}\u0000${m}`));
    if (lacking.length > 0) missing.push({ row, ...(line !== undefined ? { line } : {}), metrics: lacking });
  }

  const notes: string[] = [];
  for (const shard of shards) {
    if (shard.tornTail) {
      notes.push(
        `${shard.file} ends in a line cut off mid-write (the shard was killed); its complete lines were merged`,
      );
    }
  }
  const count = first.header.metadata.shard?.count;
  if (count !== undefined) {
    const present = new Set(shards.map((s) => s.header.metadata.shard?.index));
    const absent = Array.from({ length: count }, (_, i) => i).filter((i) => !present.has(i));
    if (absent.length > 0) {
      notes.push(
        `no file of shard ${absent.map((i) => `${i}/${count}`).join(", ")} was given; its rows are missing`,
      );
    }
    for (const index of present) {
      const same = shards.filter((s) => s.header.metadata.shard?.index === index);
      if (same.length > 1)
        notes.push(
          `shard ${index}/${count} is given ${same.length} times: ${same.map((s) => s.file).join(", ")}`,
        );
    }
  }

  const info: MergeInfo = {
    files: shards.map((s) => ({
      file: s.file,
      ...(s.header.metadata.shard !== undefined ? { shard: s.header.metadata.shard } : {}),
      records: taken.get(s.file) ?? 0,
      tornTail: s.tornTail,
      interrupted: s.data.metadata.interrupted === true,
    })),
  };
  const { shard: _shard, cache: _cache, resultsFile: _resultsFile, ...base } = first.data.metadata;
  const metadata: RunMetadata = {
    ...base,
    ...(dataset?.file !== undefined ? { dataset: dataset.file } : {}),
    startedAt: shards.map((s) => s.data.metadata.startedAt).sort()[0]!,
    finishedAt: shards
      .map((s) => s.data.metadata.finishedAt)
      .sort()
      .at(-1)!,
    ...(totalRows !== undefined ? { totalRows } : {}),
    interrupted: missing.length > 0,
    merged: info,
  };
  return {
    data: { metadata, records, invalidRows, aggregates: aggregateRecords(records, metricOrder) },
    duplicates: [...dupes.values()].sort((a, b) => a.row - b.row),
    missing,
    notes,
  };
}

/** Options for {@link writeMergedResults}. */
export interface WriteMergedResultsOptions {
  /** Replace an existing file. Defaults to false (an existing non-empty file is an error). */
  overwrite?: boolean;
}

/**
 * Writes a merge as a results file (header, invalid rows, records, end line), which `loadResults`,
 * `airgap-eval report` and `--fail-under` read like any run. The end line says `interrupted: true`
 * when rows are missing.
 *
 * @example
 * writeMergedResults("all.jsonl", mergeShardResults(files), { overwrite: true });
 */
export function writeMergedResults(
  file: string,
  outcome: MergeOutcome,
  options: WriteMergedResultsOptions = {},
): void {
  withResultsLockSync(file, () => writeMergedLocked(file, outcome, options));
}

function writeMergedLocked(file: string, outcome: MergeOutcome, options: WriteMergedResultsOptions): void {
  if (!options.overwrite && resultsFileHasContent(file)) {
    throw new InvalidInputError(
      "already exists; pass --overwrite (overwrite: true) or choose another --out",
      {
        file,
      },
    );
  }
  const { finishedAt, interrupted, ...headerMetadata } = outcome.data.metadata;
  const writer = ResultsWriter.create(file);
  try {
    writer.writeHeader({ ...headerMetadata, resultsFile: file });
    for (const bad of outcome.data.invalidRows) writer.write({ type: "invalid", ...bad });
    writer.writeRecords(outcome.data.records);
    writer.write({ type: "end", finishedAt, interrupted: interrupted === true });
  } finally {
    writer.close();
  }
}

export type { MergedShardFile, MergeInfo };
