// Writing a results file: one line per `write`, so a crash loses at most the rows in flight.
import { closeSync, fsyncSync, ftruncateSync, statSync } from "node:fs";
import { InvalidInputError } from "../errors.js";
import { wellFormedJson } from "../util/well-formed.js";
import { openForWriting, writeAllAt } from "../util/write-at.js";
import {
  type ParsedResultsFile,
  type ResultsHeaderLine,
  type ResultsLine,
  resultsFormat,
  resultsFormatVersion,
} from "./lines.js";
import type { RowMetricRecord } from "./types.js";

/**
 * The JSON of a record line (version 2: without the sample, which the row's `sample` line holds) built from
 * pieces; equal to `wellFormedJson` of `{ type: "record", ...record }` without `sample` (key order, escapes, lone
 * surrogates replaced).
 *
 * @example
 * const { sample, ...rest } = record;
 * recordLineJson(record) === wellFormedJson({ type: "record", ...rest }); // true
 */
export function recordLineJson(record: Omit<RowMetricRecord, "sample">): string {
  const text =
    `{"type":"record","row":${JSON.stringify(record.row)}` +
    (record.line !== undefined ? `,"line":${JSON.stringify(record.line)}` : "") +
    `,"rowHash":${JSON.stringify(record.rowHash)},"metric":${JSON.stringify(record.metric)}` +
    `,"configHash":${JSON.stringify(record.configHash)},"result":${JSON.stringify(record.result)}` +
    `,"finishedAt":${JSON.stringify(record.finishedAt)}` +
    `,"durationMs":${JSON.stringify(record.durationMs)}}`;
  if (!/\\ud[89abcdef]/i.test(text)) return text;
  // A lone surrogate anywhere (JSON.stringify escapes it): the careful path (see wellFormedJson).
  const { sample: _sample, columns: _columns, ...rest } = record as RowMetricRecord;
  return wellFormedJson({ type: "record", ...rest });
}

/** The row a `sample` line is written for: its index, dataset line, row hash and the dataset columns kept beside it. */
export type SampleRow = Pick<RowMetricRecord, "row" | "line" | "rowHash" | "columns">;

/**
 * Appends lines to a results file, one `write` per line, so every finished record is on disk (in the
 * OS's hands) at once and a crash loses at most the rows in flight. `close` flushes to the device.
 */
export class ResultsWriter {
  private fd: number | undefined;

  private constructor(
    readonly file: string,
    fd: number,
  ) {
    this.fd = fd;
  }

  /** Creates (or truncates) the file. */
  static create(file: string): ResultsWriter {
    return new ResultsWriter(file, openFile(file, "w"));
  }

  /**
   * Opens the file for appending after `parsed`: a torn last line is cut off, a missing final newline
   * is added.
   */
  static append(
    file: string,
    parsed: Pick<ParsedResultsFile, "validBytes" | "missingFinalNewline">,
  ): ResultsWriter {
    const fd = openFile(file, "r+");
    if (statSync(file).size !== parsed.validBytes) ftruncateSync(fd, parsed.validBytes);
    const writer = new ResultsWriter(file, fd);
    writer.position = parsed.validBytes;
    if (parsed.missingFinalNewline) writer.writeRaw("\n");
    return writer;
  }

  private position = 0;

  private writeRaw(text: string): void {
    if (this.fd === undefined)
      throw new InvalidInputError("results file is already closed", { file: this.file });
    this.position = writeAllAt(this.fd, text, this.position);
  }

  /** Appends one line (a JSON object). */
  write(line: ResultsLine): void {
    this.writeRaw(`${wellFormedJson(line)}\n`);
  }

  /** Appends a run's header line: the results format and version, whether the run resumes the file, and `metadata`. */
  writeHeader(metadata: ResultsHeaderLine["metadata"], resumed = false): void {
    this.write({
      type: "header",
      format: resultsFormat,
      formatVersion: resultsFormatVersion,
      resumed,
      metadata,
    });
  }

  /**
   * Appends a row's `sample` line, with the sample given as its JSON text (`JSON.stringify(sample)`) and the
   * dataset columns kept beside it (`row.columns`, when any); write it before the row's first record of the run.
   */
  writeSample(row: SampleRow, sampleJson: string): void {
    const text =
      `{"type":"sample","row":${JSON.stringify(row.row)}` +
      (row.line !== undefined ? `,"line":${JSON.stringify(row.line)}` : "") +
      `,"rowHash":${JSON.stringify(row.rowHash)},"sample":${sampleJson}` +
      (row.columns !== undefined ? `,"columns":${JSON.stringify(row.columns)}` : "") +
      "}";
    // A lone surrogate (JSON.stringify escapes it): the careful path (see wellFormedJson).
    this.writeRaw(
      /\\ud[89abcdef]/i.test(text)
        ? `${wellFormedJson({ type: "sample", row: row.row, line: row.line, rowHash: row.rowHash, sample: JSON.parse(sampleJson), columns: row.columns })}\n`
        : `${text}\n`,
    );
  }

  /** Appends one record line without its sample (see {@link recordLineJson}): its row's `sample` line comes first. */
  writeRecord(record: Omit<RowMetricRecord, "sample">): void {
    this.writeRaw(`${recordLineJson(record)}\n`);
  }

  /**
   * Appends records that come grouped by row (a merge, a test run): a `sample` line whenever the row (or its
   * sample) differs from the previous record's, then the record.
   */
  writeRecords(records: Iterable<RowMetricRecord>): void {
    let previous: RowMetricRecord | undefined;
    for (const record of records) {
      if (previous === undefined || previous.row !== record.row || previous.rowHash !== record.rowHash) {
        this.writeSample(record, JSON.stringify(record.sample));
      }
      const { sample: _sample, columns: _columns, ...rest } = record;
      this.writeRecord(rest);
      previous = record;
    }
  }

  /** Flushes to the device and closes. */
  close(): void {
    if (this.fd === undefined) return;
    try {
      fsyncSync(this.fd);
    } finally {
      closeSync(this.fd);
      this.fd = undefined;
    }
  }
}

function openFile(file: string, flags: string): number {
  return openForWriting(file, flags, "results file");
}
