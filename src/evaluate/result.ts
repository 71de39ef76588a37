import type { MetricResult, Sample } from "../metrics/types.js";
import { loadResults } from "../results/load.js";
import type {
  EvaluationResultData,
  MetricAggregate,
  RowMetricRecord,
  RunMetadata,
} from "../results/types.js";

/** One row of the detailed view: the inputs and each metric's outcome. */
export interface DetailedRow {
  /** 0-based row index in the dataset. */
  row: number;
  /** 1-based line in the dataset file, when known. */
  line?: number;
  /** The inputs. */
  sample: Sample;
  /** Outcome per metric id: value, status, reason, details, error. */
  metrics: Record<string, MetricResult>;
}

/**
 * The result of `evaluate()` (Haystack's `EvaluationRunResult`): run metadata, one record per row ×
 * metric, the rows that failed validation, and views over them. Comparing two runs and exporting
 * (JSON, CSV, Markdown, HTML) are in the report module, which takes `toJSON()`.
 *
 * @example
 * const result = await evaluate("eval.jsonl", [metric], { out: "results.jsonl" });
 * console.table(result.aggregated());
 * for (const row of result.detailed()) console.log(row.row, row.metrics.faithfulness?.value);
 */
export class EvaluationResult {
  constructor(private readonly data: EvaluationResultData) {}

  /**
   * Reads a results file written by `evaluate({ out })`.
   *
   * @example
   * const result = EvaluationResult.fromFile("results.jsonl");
   */
  static fromFile(file: string): EvaluationResult {
    return new EvaluationResult(loadResults(file));
  }

  /** How the run was made. */
  get metadata(): RunMetadata {
    return this.data.metadata;
  }

  /** One record per row × metric, ordered by row then metric. */
  get records(): readonly RowMetricRecord[] {
    return this.data.records;
  }

  /** Rows that failed validation and were not evaluated. */
  get invalidRows(): EvaluationResultData["invalidRows"] {
    return this.data.invalidRows;
  }

  /** True when an abort signal (or a crash, for a loaded file) stopped the run before every row was done. */
  get interrupted(): boolean {
    return this.data.metadata.interrupted === true;
  }

  /** Row × metric pairs with status "error". */
  get errorCount(): number {
    if (this.data.recordsKept === false) return this.data.aggregates.reduce((n, a) => n + a.errors, 0);
    return this.data.records.filter((r) => r.result.status === "error").length;
  }

  /**
   * False when the run did not keep its records (`keepRecords: false`): `records` and `detailed()` are
   * then empty, and the records are in the results file.
   */
  get recordsKept(): boolean {
    return this.data.recordsKept !== false;
  }

  /** Per metric: mean, count, errors, skipped, nulls, std, min, max (over ok rows). */
  aggregated(): MetricAggregate[] {
    return this.data.aggregates;
  }

  /** One entry per evaluated row with its inputs and each metric's outcome (none when records were not kept). */
  detailed(): DetailedRow[] {
    const rows = new Map<number, DetailedRow>();
    for (const record of this.data.records) {
      let entry = rows.get(record.row);
      if (entry === undefined) {
        entry = {
          row: record.row,
          ...(record.line !== undefined ? { line: record.line } : {}),
          sample: record.sample,
          metrics: {},
        };
        rows.set(record.row, entry);
      }
      entry.metrics[record.metric] = record.result;
    }
    return [...rows.values()].sort((a, b) => a.row - b.row);
  }

  /** The plain data (what reports consume); `JSON.stringify(result)` uses it. */
  toJSON(): EvaluationResultData {
    return this.data;
  }
}
