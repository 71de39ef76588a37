// The results file's format: the kinds of line a results JSONL file holds, one JSON object a line.
import type { Sample } from "../metrics/types.js";
import type { RowMetricRecord, RunMetadata } from "./types.js";

/** `format` value on a results file's header line. */
export const resultsFormat = "airgap-eval-results";
/**
 * Version of the results file layout. 1: every record line holds its row's sample. 2: a `sample` line holds each
 * row's sample once per run, before the row's first record; record lines leave it out. Readers take both, in one
 * file too (a version-1 file resumed goes on in version 2 after the resumed run's header). A `sample` line's optional
 * `columns` (dataset columns kept to cluster by) is an addition within version 2: readers that do not know it skip it.
 */
export const resultsFormatVersion = 2;

/** First line of a run (and of each resumed run): how the records that follow were made. */
export interface ResultsHeaderLine {
  type: "header";
  format: typeof resultsFormat;
  formatVersion: number;
  /** True on the header a resumed run appends. */
  resumed: boolean;
  metadata: Omit<RunMetadata, "finishedAt" | "interrupted">;
}

/** A record as a line holds it: the sample only in version 1 (version 2 has it on the row's `sample` line). */
export type StoredRecord = Omit<RowMetricRecord, "sample"> & { sample?: Sample };

/** One row × metric outcome. */
export type ResultsRecordLine = { type: "record" } & StoredRecord;

/**
 * A row's sample (version 2), written once per run before the row's first record; the records of the row that
 * follow it carry its `rowHash` (the sha256 of the sample).
 */
export interface ResultsSampleLine {
  type: "sample";
  row: number;
  line?: number;
  rowHash: string;
  sample: Sample;
  /**
   * Dataset columns kept beside the sample (not part of it, nor of its row hash), column name → value: the column
   * `--cluster-by` named when it is not a sample field. Absent when none was asked for.
   */
  columns?: Record<string, unknown>;
}

/**
 * A record replaced by a later one because its dataset row changed before a resume (see
 * `supersedeChangedRows`); kept for the record, never counted.
 */
export type ResultsSupersededLine = { type: "superseded"; supersededAt: string } & StoredRecord;

/** A row that failed validation in the run the preceding header describes. */
export interface ResultsInvalidLine {
  type: "invalid";
  row: number;
  line?: number;
  field?: string;
  message: string;
}

/** Last line of a run that ended on its own or by an abort signal (absent after a crash or kill). */
export interface ResultsEndLine {
  type: "end";
  finishedAt: string;
  interrupted: boolean;
}

/** Any line of a results file. */
export type ResultsLine =
  | ResultsHeaderLine
  | ResultsSampleLine
  | ResultsRecordLine
  | ResultsSupersededLine
  | ResultsInvalidLine
  | ResultsEndLine;

/** A parsed results file. */

/** Where a results file's intact lines end, as `ResultsLineReader` found it. */
export interface ResultsFileTail {
  /** Bytes up to the end of the last complete line (a torn last line starts there). */
  validBytes: number;
  /** True when the file ended in a torn (partly written) line, which was ignored. */
  tornTail: boolean;
  /** True when the last complete line lacks its newline. */
  missingFinalNewline: boolean;
}

/** A parsed results file. */
export interface ParsedResultsFile extends ResultsFileTail {
  lines: ResultsLine[];
}
