import { AggregateAccumulator } from "./aggregate.js";
import type { MetricAggregate, ProblemGroup, RowMetricRecord, UnscoredRow } from "./types.js";

/** Rows listed per problem group; the group's `count` counts them all. */
export const problemRowsKept = 1000;
/** Unscored rows listed per metric (the lowest row numbers). */
export const unscoredRowsKept = 10;

/**
 * What the summary, the `--fail-under` gate and the reports need from a run's records, gathered one
 * record at a time in memory that does not grow with the rows: the aggregates, the error and skip
 * reasons with the first {@link problemRowsKept} rows of each, and per metric the
 * {@link unscoredRowsKept} lowest rows without a score.
 *
 * @example
 * const digest = new RecordDigest(["faithfulness"]);
 * for (const record of records) digest.add(record);
 * digest.aggregates();
 */
export class RecordDigest {
  private readonly aggregator: AggregateAccumulator;
  private readonly groups = new Map<string, ProblemGroup>();
  private readonly unscoredRows = new Map<string, UnscoredRow[]>();

  /** `metrics` fixes the order of the aggregates; others follow in first-seen order. */
  constructor(metrics: readonly string[] = []) {
    this.aggregator = new AggregateAccumulator(metrics);
  }

  /** Counts one record. */
  add(record: Pick<RowMetricRecord, "row" | "line" | "metric" | "result">): void {
    this.aggregator.add(record);
    const { status, error, reason, value } = record.result;
    if (status !== "ok") {
      const text = (status === "error" ? (error ?? reason) : reason) ?? "(no reason given)";
      const key = JSON.stringify([record.metric, status, text]);
      let group = this.groups.get(key);
      if (group === undefined) {
        group = { metric: record.metric, status, text, rows: [], count: 0 };
        this.groups.set(key, group);
      }
      if (group.rows.length < problemRowsKept) {
        if (!group.rows.includes(record.row)) {
          group.rows.push(record.row);
          group.count++;
        }
      } else group.count++;
    }
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
    return [...this.groups.values()];
  }

  /** Per metric, the lowest rows without a score so far. */
  unscored(): Record<string, UnscoredRow[]> {
    return Object.fromEntries(this.unscoredRows);
  }
}
