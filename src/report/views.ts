import type { MetricStatus, Sample } from "../metrics/types.js";
import type { ModelProvenance } from "../provenance.js";
import { aggregateRecords } from "../results/aggregate.js";
import { groupProblems } from "../results/problem-groups.js";
import type {
  EvaluationResultData,
  MetricAggregate,
  ProblemGroup,
  RowMetricRecord,
} from "../results/types.js";
import { withValueRanges } from "../results/value-range.js";

export type { ProblemGroup };

/** One metric's outcome on one row, as shown in the detailed view. */
export interface DetailedMetricCell {
  /** The score; null when the metric gave no number. */
  value: number | null;
  /** `ok`, `error` or `skipped`. */
  status: MetricStatus;
  /** Why the value is what it is (or why it is null). */
  reason?: string;
  /** Error text when status is "error". */
  error?: string;
  /** Metric-specific evidence: statements, verdicts, questions, similarities, ... */
  details?: Record<string, unknown>;
  /** Wall time the metric took on this row, in ms. */
  durationMs?: number;
}

/** One dataset row with its inputs and every metric's outcome. */
export interface ReportRow {
  /** 0-based row index in the dataset. */
  row: number;
  /** sha256 of the row's normalized sample. */
  rowHash: string;
  /** The row's inputs (the union of what each metric saw). */
  sample: Sample;
  /** Dataset columns kept beside the sample (`RowMetricRecord.columns`), when the run kept any. */
  columns?: Record<string, unknown>;
  /** Outcome per metric id; a metric missing here was not run on this row. */
  metrics: Record<string, DetailedMetricCell>;
}

/** The detailed view: one entry per evaluated row, ordered by row index. */
export interface DetailedView {
  /** Metric ids, in report order. */
  metrics: string[];
  rows: ReportRow[];
}

/**
 * What the report functions accept: the plain result data, or anything that turns into it through
 * `toJSON()` (such as the `EvaluationResult` that `evaluate()` returns).
 */
export type ReportInput = EvaluationResultData | { toJSON(): EvaluationResultData };

/**
 * The plain result data of a {@link ReportInput}.
 *
 * @example
 * const data = reportData(await evaluate(dataset, metrics));
 */
export function reportData(input: ReportInput): EvaluationResultData {
  return "toJSON" in input && typeof input.toJSON === "function"
    ? input.toJSON()
    : (input as EvaluationResultData);
}

/**
 * Metric ids of a run, in report order: the order of the run metadata, then of the aggregates, then of
 * first appearance in the records.
 *
 * @example
 * metricIds(result); // ["faithfulness", "answer_relevancy"]
 */
export function metricIds(input: ReportInput): string[] {
  const data = reportData(input);
  const ids = new Set<string>(Object.keys(data.metadata?.metrics ?? {}));
  for (const aggregate of data.aggregates ?? []) ids.add(aggregate.metric);
  for (const record of data.records) ids.add(record.metric);
  return [...ids];
}

/**
 * The aggregated view: per metric the mean, count, errors, skipped, nulls, standard deviation, min and max.
 * Uses the aggregates stored in the result and computes the missing ones from the records.
 *
 * @example
 * for (const a of aggregatedView(result)) console.log(a.metric, a.mean);
 */
export function aggregatedView(input: ReportInput): MetricAggregate[] {
  const data = reportData(input);
  const ids = metricIds(data);
  const stored = new Map((data.aggregates ?? []).map((a) => [a.metric, a]));
  const missing = ids.filter((id) => !stored.has(id));
  const computed = new Map(
    aggregateRecords(
      data.records.filter((r) => missing.includes(r.metric)),
      missing,
      withValueRanges(undefined, data.metadata?.metrics ?? {}),
    ).map((a) => [a.metric, a]),
  );
  return ids.map((id) => stored.get(id) ?? computed.get(id)!);
}

/**
 * The detailed view: one entry per row with its inputs and each metric's value, status, reason and
 * details. When a row × metric appears more than once (an appended results file), the last record wins.
 *
 * @example
 * const { metrics, rows } = detailedView(result);
 * rows[0].metrics.faithfulness?.value;
 */
export function detailedView(input: ReportInput): DetailedView {
  const data = reportData(input);
  const rows = new Map<number, ReportRow>();
  for (const record of data.records) {
    let entry = rows.get(record.row);
    if (!entry) {
      entry = { row: record.row, rowHash: record.rowHash, sample: {}, metrics: {} };
      rows.set(record.row, entry);
    }
    addToRow(entry, record);
  }
  return { metrics: metricIds(data), rows: [...rows.values()].sort((a, b) => a.row - b.row) };
}

/**
 * One row of the detailed view from that row's records (in the order {@link detailedView} meets them):
 * what a report read from a results file builds row by row, without the other rows.
 *
 * @example
 * reportRowOf(recordsOfRow).metrics.faithfulness?.value;
 */
export function reportRowOf(records: readonly RowMetricRecord[]): ReportRow {
  const first = records[0]!;
  const entry: ReportRow = { row: first.row, rowHash: first.rowHash, sample: {}, metrics: {} };
  for (const record of records) addToRow(entry, record);
  return entry;
}

function addToRow(entry: ReportRow, record: RowMetricRecord): void {
  mergeSample(entry.sample, record.sample);
  if (record.columns !== undefined) entry.columns = { ...record.columns, ...entry.columns };
  if (!entry.rowHash && record.rowHash) entry.rowHash = record.rowHash;
  entry.metrics[record.metric] = toCell(record);
}

/** Copies the fields of `from` that `into` does not have yet. */
function mergeSample(into: Sample, from: Sample | undefined): void {
  if (!from) return;
  const target = into as Record<string, unknown>;
  for (const [key, value] of Object.entries(from)) {
    if (value !== undefined && target[key] === undefined) target[key] = value;
  }
}

function toCell(record: RowMetricRecord): DetailedMetricCell {
  const { value, status, reason, error, details } = record.result;
  const cell: DetailedMetricCell = { value: typeof value === "number" ? value : null, status };
  if (reason !== undefined) cell.reason = reason;
  if (error !== undefined) cell.error = error;
  if (details !== undefined) cell.details = details;
  if (typeof record.durationMs === "number") cell.durationMs = record.durationMs;
  return cell;
}

/**
 * The worst status of a row across its metrics: `error` beats `skipped` beats `ok`.
 *
 * @example
 * rowStatus(detailedView(result).rows[0]); // "ok"
 */
export function rowStatus(row: ReportRow): MetricStatus {
  let worst: MetricStatus = "ok";
  for (const cell of Object.values(row.metrics)) {
    if (cell.status === "error") return "error";
    if (cell.status === "skipped") worst = "skipped";
  }
  return worst;
}

/**
 * The distinct models a run used, across all its metrics (same id, sha256 and settings count once).
 *
 * @example
 * for (const m of runModels(result)) console.log(m.id, m.sha256);
 */
export function runModels(input: ReportInput): ModelProvenance[] {
  const data = reportData(input);
  const seen = new Map<string, ModelProvenance>();
  for (const config of Object.values(data.metadata?.metrics ?? {})) {
    for (const model of config.models ?? []) {
      const key = `${model.id}\u0000${model.sha256 ?? ""}\u0000${JSON.stringify(model.settings ?? {})}`;
      if (!seen.has(key)) seen.set(key, model);
    }
  }
  return [...seen.values()];
}

/**
 * Non-ok outcomes grouped by metric, status and text (row-specific numbers and hashes set aside; see
 * `ProblemGrouper`), so a reason shared by many rows (a judge model that is not installed, a response too long
 * for the judge) is shown once, with its rows.
 *
 * @example
 * for (const p of problemGroups(result.records)) console.log(p.metric, p.status, p.rows.length, p.text);
 */
export function problemGroups(input: readonly RowMetricRecord[] | EvaluationResultData): ProblemGroup[] {
  if (!Array.isArray(input)) {
    const data = input as EvaluationResultData;
    if (data.problems !== undefined) return data.problems;
    return problemGroups(data.records);
  }
  return groupProblems(input as readonly RowMetricRecord[]);
}
