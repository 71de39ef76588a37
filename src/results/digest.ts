import { AggregateAccumulator } from "./aggregate.js";
import type { AggregateIntervalOptions } from "./interval-tally.js";
import { ProblemGrouper } from "./problem-groups.js";
import type { MetricAggregate, ProblemGroup, RowMetricRecord, UnscoredRow } from "./types.js";

export { problemRowsKept } from "./problem-groups.js";
/** Unscored rows listed per metric (the lowest row numbers). */
export const unscoredRowsKept = 10;

/**
 * What the summary, the `--fail-under` gate and the reports need from a run's records, gathered one
 * record at a time in memory that does not grow with the rows: the aggregates, the error and skip
 * reasons grouped by {@link ProblemGrouper} with the first rows of each, and per metric the
 * {@link unscoredRowsKept} lowest rows without a score.
 *
 * @example
 * const digest = new RecordDigest(["faithfulness"]);
 * for (const record of records) digest.add(record);
 * digest.aggregates();
 */
export class RecordDigest {
  private readonly aggregator: AggregateAccumulator;
  private readonly grouper = new ProblemGrouper();
  private readonly unscoredRows = new Map<string, UnscoredRow[]>();

  /** `metrics` fixes the order of the aggregates; others follow in first-seen order; `intervals` as in `AggregateAccumulator`. */
  constructor(metrics: readonly string[] = [], intervals: AggregateIntervalOptions = {}) {
    this.aggregator = new AggregateAccumulator(metrics, intervals);
  }

  /** Counts one record. */
  add(
    record: Pick<RowMetricRecord, "row" | "line" | "metric" | "result"> &
      Partial<Pick<RowMetricRecord, "sample" | "columns">>,
  ): void {
    this.aggregator.add(record);
    const { status, value } = record.result;
    this.grouper.addRecord(record);
    if (status !== "ok" || typeof value !== "number") this.noteUnscored(record);
  }

  private noteUnscored(record: Pick<RowMetricRecord, "row" | "line" | "metric" | "result">): void {
    let list = this.unscoredRows.get(record.metric);
    if (list === undefined) {
      list = [];
      this.unscoredRows.set(record.metric, list);
    }
    if (list.length >= unscoredRowsKept && list[list.length - 1]!.row <= record.row) return;
    const entry: UnscoredRow = {
      row: record.row,
      ...(record.line !== undefined ? { line: record.line } : {}),
      status: record.result.status,
    };
    let at = list.length;
    while (at > 0 && list[at - 1]!.row > record.row) at--;
    list.splice(at, 0, entry);
    if (list.length > unscoredRowsKept) list.pop();
  }

  /** Per-metric aggregates so far. */
  aggregates(): MetricAggregate[] {
    return this.aggregator.result();
  }

  /** Error and skip reasons so far, in first-seen order. */
  problems(): ProblemGroup[] {
    return this.grouper.groups();
  }

  /** Per metric, the lowest rows without a score so far. */
  unscored(): Record<string, UnscoredRow[]> {
    return Object.fromEntries(this.unscoredRows);
  }
}
