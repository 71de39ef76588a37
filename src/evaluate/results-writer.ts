// Writing a results file: one line per `write`, so a crash loses at most the rows in flight.
import { closeSync, fsyncSync, ftruncateSync, mkdirSync, openSync, statSync, writeSync } from "node:fs";
import path from "node:path";
import { InvalidInputError } from "../errors.js";
import type { RowMetricRecord } from "../results/types.js";
import { wellFormedJson } from "../util/well-formed.js";
import {
  type ParsedResultsFile,
  type ResultsHeaderLine,
  type ResultsLine,
  resultsFormat,
  resultsFormatVersion,
} from "./results-lines.js";

/**
 * The JSON of `{ type: "record", ...record }` built from pieces, with the sample's JSON given; equal to
 * `wellFormedJson` of that object (key order, escapes, lone surrogates replaced).
 *
 * @example
 * recordLineJson(record, JSON.stringify(record.sample)) === wellFormedJson({ type: "record", ...record }); // true
 */
export function recordLineJson(record: RowMetricRecord, sampleJson: string): string {
  const text =
    `{"type":"record","row":${JSON.stringify(record.row)}` +
    (record.line !== undefined ? `,"line":${JSON.stringify(record.line)}` : "") +
    `,"rowHash":${JSON.stringify(record.rowHash)},"metric":${JSON.stringify(record.metric)}` +
    `,"configHash":${JSON.stringify(record.configHash)},"result":${JSON.stringify(record.result)}` +
    `,"sample":${sampleJson},"finishedAt":${JSON.stringify(record.finishedAt)}` +
    `,"durationMs":${JSON.stringify(record.durationMs)}}`;
  // A lone surrogate anywhere (JSON.stringify escapes it): the careful path (see wellFormedJson).
  return /\\ud[89abcdef]/i.test(text) ? wellFormedJson({ type: "record", ...record }) : text;
}

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
    const bytes = Buffer.from(text, "utf8");
    let offset = 0;
    while (offset < bytes.length) {
      const n = writeSync(this.fd, bytes, offset, bytes.length - offset, this.position);
      offset += n;
      this.position += n;
    }
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
   * Appends one record line, the same bytes as `write({ type: "record", ...record })`, with the row's
   * sample given as its JSON text (`JSON.stringify(record.sample)`), so the row's metrics serialise it
   * once rather than once each.
   */
  writeRecord(record: RowMetricRecord, sampleJson: string): void {
    this.writeRaw(`${recordLineJson(record, sampleJson)}\n`);
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
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    return openSync(file, flags);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InvalidInputError(
      `results file cannot be opened for writing (${code ?? String(err)}); check the path`,
      {
        file,
      },
      { cause: err },
    );
  }
}
