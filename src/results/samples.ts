// Joining a results file's records to their rows' samples as the file is read: a version-1 record holds its
// sample, a version-2 record refers to the `sample` line of its row hash written before it (lines.ts).
import { InvalidInputError } from "../errors.js";
import type { Sample } from "../metrics/types.js";
import type { ResultsLine, StoredRecord } from "./lines.js";
import type { RowMetricRecord } from "./types.js";

/**
 * The samples of a results file by row hash, as its lines are read: one object per distinct sample, shared by the
 * records of that row hash (as `loadResults` has always given them).
 *
 * @example
 * const samples = new RecordSamples("results.jsonl");
 * forEachResultsLineSync(file, (line) => { if (!samples.take(line) && line.type === "record") use(samples.join(line)); });
 */
export class RecordSamples {
  private readonly samples = new Map<string, Sample>();
  /** The dataset columns kept beside each row hash's sample (the latest `sample` line that had any). */
  private readonly columns = new Map<string, Record<string, unknown>>();

  constructor(private readonly file: string) {}

  /** Keeps the sample (and kept columns) of a `sample` line (true); false for any other line. */
  take(line: ResultsLine): boolean {
    if (line.type !== "sample") return false;
    if (!this.samples.has(line.rowHash)) this.samples.set(line.rowHash, line.sample);
    if (line.columns !== undefined) this.columns.set(line.rowHash, line.columns);
    return true;
  }

  /** The record with its sample: its own (version 1, shared by row hash) or its row's `sample` line's. */
  join(stored: StoredRecord): RowMetricRecord {
    const columns = this.columns.get(stored.rowHash);
    const kept = this.samples.get(stored.rowHash);
    if (kept !== undefined) return withSample(stored, kept, columns);
    if (stored.sample === undefined) throw missingSample(this.file, stored);
    this.samples.set(stored.rowHash, stored.sample);
    return withSample(stored, stored.sample, columns);
  }
}

/**
 * The record with `sample`, its keys in the order a version-1 line has them (so reports of either version list
 * them alike): row, line, rowHash, metric, configHash, result, sample, columns (the dataset columns kept beside the
 * sample, when any), finishedAt, durationMs, then any other.
 */
export function withSample(
  stored: StoredRecord,
  sample: Sample,
  columns?: Record<string, unknown>,
): RowMetricRecord {
  const {
    row,
    line,
    rowHash,
    metric,
    configHash,
    result,
    sample: _own,
    finishedAt,
    durationMs,
    ...other
  } = stored;
  return {
    row,
    ...(line !== undefined ? { line } : {}),
    rowHash,
    metric,
    configHash,
    result,
    sample,
    ...(columns !== undefined ? { columns } : {}),
    finishedAt,
    durationMs,
    ...other,
  };
}

/** The error for a version-2 record with no `sample` line of its row hash before it. */
export function missingSample(file: string, record: Pick<StoredRecord, "row" | "metric">): InvalidInputError {
  return new InvalidInputError(
    `record of metric ${record.metric} for row ${record.row} has no sample line of its row before it; this results file was edited or corrupted: restore it from the run that wrote it, or run the rows again`,
    { file, row: record.row },
  );
}
