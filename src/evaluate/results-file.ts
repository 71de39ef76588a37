import {
  closeSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { shardDifference } from "../dataset/shard.js";
import { InvalidInputError } from "../errors.js";
import type { MetricConfig } from "../metrics/types.js";
import { aggregateRecords } from "../results/aggregate.js";
import type { EvaluationResultData, RowMetricRecord, RunMetadata, ShardInfo } from "../results/types.js";
import { wellFormedJson } from "../util/well-formed.js";
import { describeConfigDifferences } from "./config-diff.js";
import { isSkippedConfig } from "./skipped-metric.js";

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
  let start = 0;
  let lineNo = 0;
  let validBytes = 0;
  let tornTail = false;
  let missingFinalNewline = false;
  while (start < bytes.length) {
    lineNo++;
    const nl = bytes.indexOf(0x0a, start);
    const end = nl === -1 ? bytes.length : nl;
    const text = bytes.subarray(start, end).toString("utf8").trim();
    const isLast = nl === -1 || nl === bytes.length - 1;
    if (text !== "") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (err) {
        if (isLast) {
          tornTail = true;
          break;
        }
        throw new InvalidInputError(
          "is not valid JSON, so this is not an intact results file; restore it or start a new one",
          { file, line: lineNo },
          { cause: err },
        );
      }
      if (
        lines.length === 0 &&
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
      lines.push(parsed as unknown as ResultsLine);
    }
    if (nl === -1) {
      missingFinalNewline = text !== "";
      validBytes = bytes.length;
      break;
    }
    start = nl + 1;
    validBytes = start;
  }
  return { lines, validBytes, tornTail, missingFinalNewline };
}

/** Reads and parses a results file; see {@link parseResultsFile}. */
export function readResultsFile(file: string): ParsedResultsFile {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InvalidInputError(
      code === "ENOENT"
        ? "results file does not exist; check the path"
        : `results file cannot be read (${code})`,
      { file },
      { cause: err },
    );
  }
  return parseResultsFile(bytes, file);
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
  static append(file: string, parsed: ParsedResultsFile): ResultsWriter {
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

/** What an `out` file already holds for a run about to start. */
export interface ResumeState {
  /** The parsed file when the run resumes one with content; undefined for a new or replaced file. */
  parsed: ParsedResultsFile | undefined;
  /** Records the run need not compute again, by {@link resumeKey}. */
  done: Map<string, RowMetricRecord>;
}

/** Identifies a row × metric record for resume: row index, row hash and metric id. */
export function resumeKey(row: number, rowHash: string, metric: string): string {
  return `${row}\u0000${rowHash}\u0000${metric}`;
}

/**
 * Decides what to do with a run's `out` file before any metric runs: a file with content is refused
 * unless the run resumes or overwrites it; a resumed file must have been written for a dataset of the
 * same size and under the same metric configurations (an error names every difference), and its
 * records under the current configurations are returned as done.
 *
 * @example
 * const { parsed, done } = prepareResultsFile("results.jsonl", { resume: true, totalRows: 100, metrics });
 */
export function prepareResultsFile(
  file: string,
  run: {
    resume?: boolean;
    overwrite?: boolean;
    totalRows: number;
    /** The shard this run evaluates; resuming a file written for another shard is refused. */
    shard?: ShardInfo | undefined;
    metrics: readonly ResultsFileMetric[];
  },
): ResumeState {
  const done = new Map<string, RowMetricRecord>();
  const hasContent = resultsFileHasContent(file);
  if (!run.resume || !hasContent) {
    if (hasContent && !run.overwrite) {
      throw new InvalidInputError(
        "already exists; resume it (resume: true, CLI --resume), replace it (overwrite: true), or choose another file",
        { file },
      );
    }
    return { parsed: undefined, done };
  }
  const parsed = readResultsFile(file);
  const prior = latestMetricConfigs(parsed.lines);
  const differences: string[] = [];
  // Records of rows the new dataset lacks would stay in the file and mix two datasets in reports.
  const priorRows = parsed.lines.findLast((l) => l.type === "header")?.metadata.totalRows;
  if (priorRows !== undefined && priorRows !== run.totalRows) {
    differences.push(`dataset rows ${priorRows} -> ${run.totalRows}`);
  }
  const shardChange = shardDifference(
    parsed.lines.findLast((l) => l.type === "header")?.metadata.shard,
    run.shard,
  );
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
        "prompts and options, or write to a new results file",
      { file },
    );
  }
  const hashes = new Map(run.metrics.map((m) => [m.name, m.configHash]));
  for (const line of parsed.lines) {
    if (line.type !== "record" || hashes.get(line.metric) !== line.configHash) continue;
    const { type: _type, ...record } = line;
    done.set(resumeKey(record.row, record.rowHash, record.metric), record);
  }
  return { parsed, done };
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
  const { lines, tornTail, validBytes } = readResultsFile(file);
  if (tornTail) {
    options.onNotice?.(
      `${file}: the last line (from byte ${validBytes}) is torn, cut off by a crash or kill mid-write; ` +
        "it was left out. Resume the run (--resume) to redo that row.",
    );
  }
  const headers = lines.filter((l): l is ResultsHeaderLine => l.type === "header");
  const first = headers[0];
  const last = headers[headers.length - 1];
  if (first === undefined || last === undefined) {
    throw new InvalidInputError("holds no results header; it is empty or not a results file", { file });
  }
  const configs = latestMetricConfigs(lines);
  const latest = new Map<string, RowMetricRecord>();
  let lastHeaderIndex = 0;
  lines.forEach((line, index) => {
    if (line.type === "header") lastHeaderIndex = index;
    if (line.type !== "record") return;
    const { type: _type, ...record } = line;
    if (configs.get(record.metric)?.configHash !== record.configHash) return;
    latest.set(`${record.row}\u0000${record.metric}`, record);
  });
  const metricOrder = [...configs.keys()];
  const records = [...latest.values()].sort(
    (a, b) => a.row - b.row || metricOrder.indexOf(a.metric) - metricOrder.indexOf(b.metric),
  );
  const invalidRows = lines
    .slice(lastHeaderIndex)
    .filter((l): l is ResultsInvalidLine => l.type === "invalid")
    .map(({ type: _type, ...rest }) => rest);
  const tail = lines.slice(lastHeaderIndex);
  const end = tail.filter((l): l is ResultsEndLine => l.type === "end").pop();
  const lastRecordTime = [last.metadata.startedAt, ...records.map((r) => r.finishedAt)].sort().pop()!;
  const metadata: RunMetadata = {
    ...last.metadata,
    startedAt: first.metadata.startedAt,
    metrics: Object.fromEntries(configs),
    finishedAt: end?.finishedAt ?? lastRecordTime,
    interrupted: end === undefined ? true : end.interrupted,
    resultsFile: file,
  };
  return { metadata, records, invalidRows, aggregates: aggregateRecords(records, metricOrder) };
}
