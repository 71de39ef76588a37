import {
  closeSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  writeSync,
} from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { InvalidInputError } from "../errors.js";
import type { MetricConfig } from "../metrics/types.js";
import { aggregateRecords } from "../results/aggregate.js";
import type { EvaluationResultData, RowMetricRecord, RunMetadata } from "../results/types.js";
import { wellFormedJson } from "../util/well-formed.js";

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
export interface ParsedResultsFile {
  lines: ResultsLine[];
  /** Bytes up to the end of the last complete line (a torn last line starts there). */
  validBytes: number;
  /** True when the file ended in a torn (partly written) line, which was ignored. */
  tornTail: boolean;
  /** True when the last complete line lacks its newline. */
  missingFinalNewline: boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Parses a results file's bytes. A last line that is not valid JSON (a crash mid-write) is ignored;
 * a bad line anywhere else is an `InvalidInputError` naming the line.
 */
export function parseResultsFile(bytes: Buffer, file: string): ParsedResultsFile {
  const lines: ResultsLine[] = [];
  const reader = new ResultsLineReader(file, (line) => {
    lines.push(line);
  });
  reader.push(bytes);
  return { lines, ...reader.end() };
}

/** Where a results file's intact lines end, as {@link ResultsLineReader} found it. */
export interface ResultsFileTail {
  /** Bytes up to the end of the last complete line (a torn last line starts there). */
  validBytes: number;
  /** True when the file ended in a torn (partly written) line, which was ignored. */
  tornTail: boolean;
  /** True when the last complete line lacks its newline. */
  missingFinalNewline: boolean;
}

/**
 * Parses a results file given in pieces, one line at a time: each line is handed to `onLine` as it is
 * parsed, so a file of any size is read holding one line. A last line that is not valid JSON (a crash
 * mid-write) is ignored; a bad line anywhere else is an `InvalidInputError` naming the line.
 */
export class ResultsLineReader {
  private rest: Buffer = Buffer.alloc(0);
  private offset = 0;
  private lineNo = 0;
  private count = 0;
  /** A complete line held back until the next one shows it was not the file's last. */
  private held: { text: string; lineNo: number; start: number; end: number; followed: boolean } | undefined;
  private validBytes = 0;

  /** `onLine` gets each parsed line and the byte offset where the line starts in the file. */
  constructor(
    private readonly file: string,
    private readonly onLine: (line: ResultsLine, start: number) => void,
  ) {}

  /** Adds bytes of the file, in order. */
  push(chunk: Buffer): void {
    const bytes = this.rest.length === 0 ? chunk : Buffer.concat([this.rest, chunk]);
    let start = 0;
    for (let nl = bytes.indexOf(0x0a); nl !== -1; nl = bytes.indexOf(0x0a, start)) {
      this.take(bytes.subarray(start, nl).toString("utf8"), this.offset + start, this.offset + nl + 1);
      start = nl + 1;
    }
    this.offset += start;
    this.rest = Buffer.from(bytes.subarray(start));
  }

  /** Ends the file; returns where its intact lines end. */
  end(): ResultsFileTail {
    const tail = this.rest.toString("utf8").trim();
    const total = this.offset + this.rest.length;
    if (tail === "") {
      if (this.rest.length > 0 && this.held !== undefined) this.held.followed = true;
      if (!this.flush(true))
        return { validBytes: this.validBytes, tornTail: true, missingFinalNewline: false };
      return {
        validBytes: this.rest.length > 0 ? total : this.validBytes,
        tornTail: false,
        missingFinalNewline: false,
      };
    }
    this.flush(false);
    this.lineNo++;
    if (this.parse(tail, this.lineNo, this.offset, true))
      return { validBytes: total, tornTail: false, missingFinalNewline: true };
    return { validBytes: this.validBytes, tornTail: true, missingFinalNewline: false };
  }

  private take(raw: string, start: number, end: number): void {
    this.lineNo++;
    const text = raw.trim();
    if (text === "") {
      if (this.held === undefined) this.validBytes = end;
      else {
        this.held.followed = true;
        this.held.end = end;
      }
      return;
    }
    this.flush(false);
    this.held = { text, lineNo: this.lineNo, start, end, followed: false };
  }

  /** Parses the held line; `last` when no line follows it. False when it is a torn last line. */
  private flush(last: boolean): boolean {
    const held = this.held;
    if (held === undefined) return true;
    this.held = undefined;
    if (!this.parse(held.text, held.lineNo, held.start, last && !held.followed)) return false;
    this.validBytes = held.end;
    return true;
  }

  /** Parses one line; false for a torn last line. */
  private parse(text: string, lineNo: number, start: number, isLast: boolean): boolean {
    const file = this.file;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      if (isLast) return false;
      throw new InvalidInputError(
        "is not valid JSON, so this is not an intact results file; restore it or start a new one",
        { file, line: lineNo },
        { cause: err },
      );
    }
    if (
      this.count === 0 &&
      (!isObject(parsed) || parsed.type !== "header" || parsed.format !== resultsFormat)
    ) {
      throw new InvalidInputError(
        `does not start with an airgap-eval results header; write results with evaluate({ out }) or airgap-eval eval --out`,
        { file, line: lineNo },
      );
    }
    if (!isObject(parsed) || typeof parsed.type !== "string") {
      throw new InvalidInputError("is not a results line (no type); is this an airgap-eval results file?", {
        file,
        line: lineNo,
      });
    }
    if (parsed.type === "header" && (parsed.formatVersion as number) > resultsFormatVersion) {
      throw new InvalidInputError(
        `was written by a newer airgap-eval (results format ${String(parsed.formatVersion)}); upgrade airgap-eval to read it`,
        { file, line: lineNo },
      );
    }
    this.count++;
    this.onLine(parsed as unknown as ResultsLine, start);
    return true;
  }
}

/**
 * Reads a results file in 1 MB pieces, handing each line to `onLine` as it is parsed (see
 * {@link ResultsLineReader}); returns where its intact lines end.
 *
 * @example
 * await streamResultsFile("results.jsonl", (line) => { if (line.type === "record") count++; });
 */
export async function streamResultsFile(
  file: string,
  onLine: (line: ResultsLine) => void,
): Promise<ResultsFileTail> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, "r");
  } catch (err) {
    throw unreadable(file, err);
  }
  const reader = new ResultsLineReader(file, onLine);
  try {
    for (;;) {
      const piece = Buffer.allocUnsafe(1 << 20);
      const { bytesRead } = await handle.read(piece, 0, piece.length, null);
      if (bytesRead === 0) break;
      reader.push(piece.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
  return reader.end();
}

function unreadable(file: string, err: unknown): InvalidInputError {
  const code = (err as NodeJS.ErrnoException).code;
  return new InvalidInputError(
    code === "ENOENT"
      ? "results file does not exist; check the path"
      : `results file cannot be read (${code})`,
    { file },
    { cause: err },
  );
}

/** Reads and parses a results file; see {@link parseResultsFile}. */
export function readResultsFile(file: string): ParsedResultsFile {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw unreadable(file, err);
  }
  return parseResultsFile(bytes, file);
}

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

/** True when a results file exists and holds anything. */
export function resultsFileHasContent(file: string): boolean {
  return existsSync(file) && statSync(file).size > 0;
}

/**
 * The latest configuration of each metric in a parsed file (later headers override earlier ones),
 * in first-seen order.
 */
export function latestMetricConfigs(
  lines: readonly ResultsLine[],
): Map<string, MetricConfig & { configHash: string }> {
  const out = new Map<string, MetricConfig & { configHash: string }>();
  for (const line of lines) {
    if (line.type !== "header") continue;
    for (const [name, config] of Object.entries(line.metadata.metrics)) out.set(name, config);
  }
  return out;
}

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

/** Options for {@link loadResults}. */
export interface LoadResultsOptions {
  /** Told about what was left out, such as a torn last line. Defaults to none (nothing said). */
  onNotice?: (message: string) => void;
}

/**
 * Reads a results file written by `evaluate({ out })` into the data a report needs: for each row ×
 * metric the latest record written under the metric's latest configuration, ordered by row then
 * metric; the invalid rows of the latest run; aggregates; and the run metadata (`interrupted` is true
 * when the last run ended by a signal, a crash or a kill). A torn last line is left out and told to
 * `onNotice`; superseded records are never read.
 *
 * @example
 * const data = loadResults("results.jsonl");
 * console.log(data.aggregates, data.metadata.interrupted);
 */
export function loadResults(file: string, options: LoadResultsOptions = {}): EvaluationResultData {
  const run = new ResultsRunState();
  // Latest record per row × metric × config (the latest config is known at the end). Records of one
  // row share one sample object: the file repeats the sample on every metric's line.
  const latest = new Map<string, RowMetricRecord>();
  const samples = new Map<string, RowMetricRecord["sample"]>();
  const tail = forEachResultsLineSync(file, (line) => {
    if (run.take(line) || line.type !== "record") return;
    const { type: _type, ...record } = line;
    const shared = samples.get(record.rowHash);
    if (shared !== undefined) record.sample = shared;
    else samples.set(record.rowHash, record.sample);
    latest.set(`${record.row}\u0000${record.metric}\u0000${record.configHash}`, record);
  });
  noteTornTail(file, tail, options);
  const { configs } = run;
  const metricOrder = [...configs.keys()];
  const order = new Map(metricOrder.map((name, i) => [name, i]));
  const records = [...latest.values()]
    .filter((r) => configs.get(r.metric)?.configHash === r.configHash)
    .sort((a, b) => a.row - b.row || order.get(a.metric)! - order.get(b.metric)!);
  let lastRecordTime = run.headers(file).last.metadata.startedAt;
  for (const r of records) if (r.finishedAt > lastRecordTime) lastRecordTime = r.finishedAt;
  const metadata = run.metadata(file, lastRecordTime);
  return {
    metadata,
    records,
    invalidRows: run.invalidRows,
    aggregates: aggregateRecords(records, metricOrder),
  };
}

/**
 * The run-level lines of a results file (headers, invalid rows, end lines), followed as the file is
 * read: each metric's latest configuration, the invalid rows and the end line of the last run.
 *
 * @example
 * const run = new ResultsRunState();
 * forEachResultsLineSync("results.jsonl", (line) => run.take(line));
 * run.metadata("results.jsonl", run.headers("results.jsonl").last.metadata.startedAt);
 */
export class ResultsRunState {
  first: ResultsHeaderLine | undefined;
  last: ResultsHeaderLine | undefined;
  end: ResultsEndLine | undefined;
  /** Each metric's latest configuration, in first-seen order. */
  readonly configs = new Map<string, MetricConfig & { configHash: string }>();
  /** The invalid rows of the last run. */
  invalidRows: EvaluationResultData["invalidRows"] = [];

  /** Follows a header, invalid or end line; false for any other line. */
  take(line: ResultsLine): boolean {
    if (line.type === "header") {
      this.first ??= line;
      this.last = line;
      for (const [name, config] of Object.entries(line.metadata.metrics)) this.configs.set(name, config);
      this.invalidRows = [];
      this.end = undefined;
    } else if (line.type === "invalid") {
      const { type: _type, ...rest } = line;
      this.invalidRows.push(rest);
    } else if (line.type === "end") this.end = line;
    else return false;
    return true;
  }

  /** The first and last headers; throws {@link InvalidInputError} when the file had none. */
  headers(file: string): { first: ResultsHeaderLine; last: ResultsHeaderLine } {
    if (this.first === undefined || this.last === undefined) throw noHeader(file);
    return { first: this.first, last: this.last };
  }

  /**
   * The run metadata, as {@link loadResults} gives it: the last header's, started when the first run
   * started, with every metric's latest configuration, finished at the end line (else at
   * `lastRecordTime`), interrupted unless the last run ended on its own.
   */
  metadata(file: string, lastRecordTime: string): RunMetadata {
    const { first, last } = this.headers(file);
    const end = this.end;
    return {
      ...last.metadata,
      startedAt: first.metadata.startedAt,
      metrics: Object.fromEntries(this.configs),
      finishedAt: end?.finishedAt ?? lastRecordTime,
      interrupted: end === undefined ? true : end.interrupted,
      resultsFile: file,
    };
  }
}

/** Tells `onNotice` about a torn last line, which readers leave out. */
export function noteTornTail(
  file: string,
  tail: Pick<ResultsFileTail, "tornTail" | "validBytes">,
  options: LoadResultsOptions,
): void {
  if (!tail.tornTail) return;
  options.onNotice?.(
    `${file}: the last line (from byte ${tail.validBytes}) is torn, cut off by a crash or kill mid-write; ` +
      "it was left out. Resume the run (--resume) to redo that row.",
  );
}

/** The error for a results file without a header line. */
function noHeader(file: string): InvalidInputError {
  return new InvalidInputError("holds no results header; it is empty or not a results file", { file });
}

/**
 * Reads a results file in 1 MB pieces without waiting on the event loop, handing each line to
 * `onLine` as it is parsed (see {@link ResultsLineReader}); returns where its intact lines end.
 */
export function forEachResultsLineSync(
  file: string,
  onLine: (line: ResultsLine, start: number) => void,
): ResultsFileTail {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (err) {
    throw unreadable(file, err);
  }
  const reader = new ResultsLineReader(file, onLine);
  try {
    // One piece buffer, refilled: the reader copies what it keeps of a piece.
    const piece = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const bytesRead = readSync(fd, piece, 0, piece.length, null);
      if (bytesRead === 0) break;
      reader.push(piece.subarray(0, bytesRead));
    }
  } finally {
    closeSync(fd);
  }
  return reader.end();
}
