// What a resumed results file already holds, kept compactly: per dataset row the sha256 it was scored
// under (32 bytes) and a bit per metric done under the current configuration. 1,000,000 rows with up to
// 32 metrics take 37 MB, whatever the records hold; rows seen under a second hash go to a small map.

import { closeSync, fsyncSync, openSync, renameSync, writeSync } from "node:fs";
import { shardDifference } from "../dataset/shard.js";
import { InvalidInputError } from "../errors.js";
import type { MetricConfig } from "../metrics/types.js";
import type { ResultsFileTail, ResultsHeaderLine, ResultsLine } from "../results/lines.js";
import { resultsFileHasContent, streamResultsFile } from "../results/read-file.js";
import { RecordSamples } from "../results/samples.js";
import type { RowMetricRecord, ShardInfo } from "../results/types.js";
import { adviceStyle } from "../util/advice-style.js";
import { realTarget } from "../util/real-path.js";
import { wellFormedJson } from "../util/well-formed.js";
import { describeConfigDifferences } from "./config-diff.js";
import { isSkippedConfig } from "./skipped-metric.js";

const digestBytes = 32;

/** A metric of a run, as the results file records it. */
export interface ResultsFileMetric {
  name: string;
  config: MetricConfig;
  configHash: string;
}

/** Identifies a row × metric record for resume: row index, row hash and metric id. */
export function resumeKey(row: number, rowHash: string, metric: string): string {
  return `${row}\u0000${rowHash}\u0000${metric}`;
}

interface ExtraHash {
  hash: string;
  done: Uint32Array;
}

/** Row × metric pairs a results file holds, by row index, row hash and metric (see {@link resumeKey}). */
export class ResumeIndex {
  private readonly words: number;
  private readonly digests: Uint8Array;
  private readonly done: Uint32Array;
  /** 1 when a row has a hash in `digests`. */
  private readonly seen: Uint8Array;
  /** Further hashes of a row, and rows past the dataset's end. */
  private readonly extra = new Map<number, ExtraHash[]>();

  constructor(
    private readonly rows: number,
    metrics: number,
  ) {
    this.words = Math.max(1, Math.ceil(metrics / 32));
    this.digests = new Uint8Array(rows * digestBytes);
    this.done = new Uint32Array(rows * this.words);
    this.seen = new Uint8Array(rows);
  }

  /** Bytes held, for measuring. */
  get bytes(): number {
    return this.digests.byteLength + this.done.byteLength + this.seen.byteLength + this.extra.size * 200;
  }

  private sameDigest(row: number, hash: string): boolean {
    const digest = Buffer.from(hash, "hex");
    const at = row * digestBytes;
    for (let i = 0; i < digestBytes; i++) if (this.digests[at + i] !== digest[i]) return false;
    return digest.length === digestBytes;
  }

  /** The done bits of `row` under `hash`, or undefined when the file holds no record of them. */
  private slot(
    row: number,
    hash: string,
    create: boolean,
  ): { bits: Uint32Array; offset: number } | undefined {
    if (row >= 0 && row < this.rows && Number.isInteger(row)) {
      if (this.seen[row] === 0) {
        // After keepOnly the row's kept hash may live in `extra` while the main slot is free.
        const kept = this.extra.get(row)?.find((e) => e.hash === hash);
        if (kept !== undefined) return { bits: kept.done, offset: 0 };
        if (!create) return undefined;
        const digest = Buffer.from(hash, "hex");
        if (digest.length === digestBytes) {
          this.digests.set(digest, row * digestBytes);
          this.seen[row] = 1;
          return { bits: this.done, offset: row * this.words };
        }
      } else if (this.sameDigest(row, hash)) return { bits: this.done, offset: row * this.words };
    }
    const list = this.extra.get(row) ?? [];
    let entry = list.find((e) => e.hash === hash);
    if (entry === undefined) {
      if (!create) return undefined;
      entry = { hash, done: new Uint32Array(this.words) };
      list.push(entry);
      this.extra.set(row, list);
    }
    return { bits: entry.done, offset: 0 };
  }

  /** Notes a record of `row` under `hash`; `metric` is its index when it counts as done, else -1. */
  add(row: number, hash: string, metric: number): void {
    const slot = this.slot(row, hash, true)!;
    if (metric >= 0) slot.bits[slot.offset + (metric >>> 5)]! |= 1 << (metric & 31);
  }

  /** Whether metric `metric` of `row` under `hash` is done. */
  isDone(row: number, hash: string, metric: number): boolean {
    const slot = this.slot(row, hash, false);
    if (slot === undefined) return false;
    return (slot.bits[slot.offset + (metric >>> 5)]! & (1 << (metric & 31))) !== 0;
  }

  /** Clears one done bit (so a second record of the pair is not counted twice). */
  clear(row: number, hash: string, metric: number): void {
    const slot = this.slot(row, hash, false);
    if (slot !== undefined) slot.bits[slot.offset + (metric >>> 5)]! &= ~(1 << (metric & 31));
  }

  /** Whether the file holds a record of `row` under a hash other than `hash`. */
  hasOtherHash(row: number, hash: string): boolean {
    if (row < this.rows && this.seen[row] === 1 && !this.sameDigest(row, hash)) return true;
    return (this.extra.get(row) ?? []).some((e) => e.hash !== hash);
  }

  /** Forgets every hash of `row` but `hash` (its other records were superseded). */
  keepOnly(row: number, hash: string): void {
    if (row < this.rows && this.seen[row] === 1 && !this.sameDigest(row, hash)) {
      this.seen[row] = 0;
      this.done.fill(0, row * this.words, (row + 1) * this.words);
    }
    const list = (this.extra.get(row) ?? []).filter((e) => e.hash === hash);
    if (list.length > 0) this.extra.set(row, list);
    else this.extra.delete(row);
  }
}

/** What a resumed `out` file holds, read in one pass. */
export interface ResumedFile {
  index: ResumeIndex;
  tail: ResultsFileTail;
  /** The records done under the current configurations, by {@link resumeKey}; only when asked for. */
  records?: Map<string, RowMetricRecord>;
  /** The metadata of the last run that wrote to the file, when it has a header. */
  previous?: ResultsHeaderLine["metadata"];
}

/**
 * Decides what to do with a run's `out` file before any metric runs, reading it line by line: a file
 * with content is refused unless the run resumes or overwrites it; a resumed file must have been
 * written for a dataset of the same size, the same shard and under the same metric configurations (an
 * error names every difference). Returns the pairs it holds in a {@link ResumeIndex} (and, with
 * `keepRecords`, the records themselves), or undefined for a new or replaced file.
 *
 * @example
 * const resumed = await readResumedFile("results.jsonl", { resume: true, totalRows: 100, metrics });
 */
export async function readResumedFile(
  file: string,
  run: {
    resume?: boolean;
    overwrite?: boolean;
    totalRows: number;
    shard?: ShardInfo | undefined;
    metrics: readonly ResultsFileMetric[];
    keepRecords: boolean;
  },
): Promise<ResumedFile | undefined> {
  const hasContent = resultsFileHasContent(file);
  if (!run.resume || !hasContent) {
    if (hasContent && !run.overwrite) {
      throw new InvalidInputError(
        "already exists; resume it (resume: true, CLI --resume), replace it (overwrite: true), or choose another file",
        { file },
      );
    }
    return undefined;
  }
  const metricIndex = new Map(run.metrics.map((m, i) => [m.name, i]));
  const hashes = new Map(run.metrics.map((m) => [m.name, m.configHash]));
  const index = new ResumeIndex(run.totalRows, run.metrics.length);
  const records = run.keepRecords ? new Map<string, RowMetricRecord>() : undefined;
  const prior = new Map<string, ResultsHeaderLine["metadata"]["metrics"][string]>();
  let last: ResultsHeaderLine | undefined;
  const samples = records !== undefined ? new RecordSamples(file) : undefined;
  const tail = await streamResultsFile(file, (line: ResultsLine) => {
    if (samples?.take(line)) return;
    if (line.type === "header") {
      last = line;
      for (const [name, config] of Object.entries(line.metadata.metrics)) prior.set(name, config);
      return;
    }
    if (line.type !== "record") return;
    const matches = hashes.get(line.metric) === line.configHash;
    index.add(line.row, line.rowHash, matches ? metricIndex.get(line.metric)! : -1);
    if (matches && records !== undefined) {
      const { type: _type, ...stored } = line;
      const record = samples!.join(stored);
      records.set(resumeKey(record.row, record.rowHash, record.metric), record);
    }
  });
  const differences: string[] = [];
  // Records of rows the new dataset lacks would stay in the file and mix two datasets in reports.
  const priorRows = last?.metadata.totalRows;
  if (priorRows !== undefined && priorRows !== run.totalRows) {
    differences.push(`dataset rows ${priorRows} -> ${run.totalRows}`);
  }
  const shardChange = shardDifference(last?.metadata.shard, run.shard);
  if (shardChange !== undefined) differences.push(shardChange);
  for (const metric of run.metrics) {
    const old = prior.get(metric.name);
    if (old === undefined || old.configHash === metric.configHash || isSkippedConfig(old)) continue;
    const words = describeConfigDifferences(old, metric.config);
    differences.push(...(words.length > 0 ? words : [`${metric.name}: configuration changed`]));
  }
  if (differences.length > 0) {
    throw new InvalidInputError(
      `was written under another configuration (${differences.join("; ")}); resume with the same dataset, models, ` +
        (adviceStyle() === "cli"
          ? "prompts and options, replace it with --overwrite, or choose another --out"
          : "prompts and options, replace it (overwrite: true), or write to a new results file"),
      { file },
    );
  }
  return {
    index,
    tail,
    ...(records !== undefined ? { records } : {}),
    ...(last !== undefined ? { previous: last.metadata } : {}),
  };
}

/**
 * On resume, marks the records of rows whose contents changed (same row index, another row hash)
 * `"type": "superseded"` (with `supersededAt`), so no reader counts both the old record and the
 * re-scored one. The file is rewritten line by line to a temporary file, flushed, and renamed over the
 * original (the caller holds the results lock), so a crash leaves either the old or the new file.
 * Returns where the new file's intact lines end.
 *
 * @example
 * const tail = await supersedeRows("results.jsonl", new Map([[3, currentHashOfRow3]]));
 */
export async function supersedeRows(
  file: string,
  changed: ReadonlyMap<number, string>,
): Promise<ResultsFileTail> {
  const supersededAt = new Date().toISOString();
  const target = realTarget(file); // a symlinked --out stays a link; its target gets the rewrite
  const tmp = `${target}.${process.pid}.rewrite`;
  const fd = openSync(tmp, "w");
  let bytes = 0;
  let pending: string[] = [];
  let pendingLength = 0;
  const flush = (): void => {
    const buffer = Buffer.from(pending.join(""), "utf8");
    let offset = 0;
    while (offset < buffer.length) offset += writeSync(fd, buffer, offset, buffer.length - offset);
    bytes += buffer.length;
    pending = [];
    pendingLength = 0;
  };
  try {
    await streamResultsFile(file, (line) => {
      const stale = line.type === "record" && changed.has(line.row) && changed.get(line.row) !== line.rowHash;
      const text = `${wellFormedJson(stale ? { ...line, type: "superseded", supersededAt } : line)}\n`;
      pending.push(text);
      pendingLength += text.length;
      if (pendingLength > 1 << 20) flush();
    });
    flush();
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, target);
  return { validBytes: bytes, tornTail: false, missingFinalNewline: false };
}
