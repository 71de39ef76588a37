// The results file's format: the kinds of line a results JSONL file holds, one JSON object a line.
import type { RowMetricRecord, RunMetadata } from "../results/types.js";

/** `format` value on a results file's header line. */
export const resultsFormat = "airgap-eval-results";
/** Version of the results file layout. */
export const resultsFormatVersion = 1;

/** First line of a run (and of each resumed run): how the records that follow were made. */
export interface ResultsHeaderLine {
  type: "header";
  format: typeof resultsFormat;
  formatVersion: number;
  /** True on the header a resumed run appends. */
  resumed: boolean;
  metadata: Omit<RunMetadata, "finishedAt" | "interrupted">;
}

/** One row × metric outcome. */
export type ResultsRecordLine = { type: "record" } & RowMetricRecord;

/**
 * A record replaced by a later one because its dataset row changed before a resume (see
 * `supersedeChangedRows`); kept for the record, never counted.
 */
export type ResultsSupersededLine = { type: "superseded"; supersededAt: string } & RowMetricRecord;

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
