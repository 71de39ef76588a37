// Loading a results file into the data a report needs (the latest record of each row × metric).
import { aggregateRecords } from "./aggregate.js";
import type { AggregateIntervalOptions } from "./interval-tally.js";
import type { ResultsFileTail } from "./lines.js";
import { forEachResultsLineSync } from "./read-file.js";
import { ResultsRunState } from "./run-state.js";
import { RecordSamples } from "./samples.js";
import type { EvaluationResultData, RowMetricRecord } from "./types.js";

/** Options for {@link loadResults}. */
export interface LoadResultsOptions {
  /** Told about what was left out, such as a torn last line. Defaults to none (nothing said). */
  onNotice?: (message: string) => void;
  /** How each aggregate's confidence interval is computed. Defaults to 95%, method `auto`, no clusters. */
  intervals?: AggregateIntervalOptions;
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
  // row hash share one sample object.
  const latest = new Map<string, RowMetricRecord>();
  const samples = new RecordSamples(file);
  const tail = forEachResultsLineSync(file, (line) => {
    if (run.take(line) || samples.take(line) || line.type !== "record") return;
    const { type: _type, ...stored } = line;
    const record = samples.join(stored);
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
    aggregates: aggregateRecords(records, metricOrder, options.intervals),
  };
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
