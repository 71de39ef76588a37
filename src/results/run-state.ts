// The run-level lines of a results file (headers, invalid rows, end lines), followed as it is read.
import { InvalidInputError } from "../errors.js";
import type { MetricConfig } from "../metrics/types.js";
import type { ResultsEndLine, ResultsHeaderLine, ResultsLine } from "./lines.js";
import type { EvaluationResultData, RunMetadata } from "./types.js";

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

/** The error for a results file without a header line. */
function noHeader(file: string): InvalidInputError {
  return new InvalidInputError("holds no results header; it is empty or not a results file", { file });
}
