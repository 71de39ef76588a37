import type { MetricConfig, MetricResult, Sample } from "../metrics/types.js";

/** One row × metric outcome as written to the results JSONL file (one JSON object per line). */
export interface RowMetricRecord {
  /** 0-based row index in the dataset. */
  row: number;
  /** 1-based line of the row in the dataset file, when loaded from one. */
  line?: number;
  /** sha256 of the row's normalized sample (canonical JSON). */
  rowHash: string;
  /** Metric id. */
  metric: string;
  /** sha256 of the metric's {@link MetricConfig}. */
  configHash: string;
  result: MetricResult;
  /** The inputs the metric saw. */
  sample: Sample;
  /** ISO time the record was written. */
  finishedAt: string;
  /** Wall time spent, in ms. */
  durationMs: number;
}

/** Per-metric aggregate over ok rows. */
export interface MetricAggregate {
  metric: string;
  /** Mean over ok rows with a numeric value; null when there are none. */
  mean: number | null;
  /** Rows with a numeric value. */
  count: number;
  /** Rows with status "error". */
  errors: number;
  /** Rows with status "skipped". */
  skipped: number;
  /** Rows with status "ok" but a null value (e.g. no statements). */
  nulls: number;
  /** Population standard deviation; null when count is 0. */
  std: number | null;
  min: number | null;
  max: number | null;
}

/** Everything about how a run was made. */
export interface RunMetadata {
  /** airgap-eval version. */
  version: string;
  startedAt: string;
  finishedAt: string;
  /** Dataset file, when loaded from one. */
  dataset?: string;
  /** Metric configs by metric id, including model provenance and prompt versions. */
  metrics: Record<string, MetricConfig & { configHash: string }>;
  /** node, platform and runtime versions. */
  runtime: Record<string, string>;
  /** Evaluation options that were in force. */
  options: Record<string, string | number | boolean | null>;
  /** True when the run was stopped (abort signal) before every row was evaluated. */
  interrupted?: boolean;
  /** Data rows in the dataset (valid and invalid), when known. */
  totalRows?: number;
  /** Results file the records were appended to, when there was one. */
  resultsFile?: string;
  /** Cache counters for the run, when a cache was used. */
  cache?: { hits: number; misses: number };
  /**
   * Rows whose contents changed since a resumed results file was written: re-scored, and their old
   * records marked superseded. Absent when none changed.
   */
  rowsChanged?: number;
}

/** Result of `evaluate()`: the equivalent of Haystack's EvaluationRunResult. */
export interface EvaluationResultData {
  metadata: RunMetadata;
  /** One record per row × metric, ordered by row then metric. */
  records: RowMetricRecord[];
  /** Rows that failed validation and were not evaluated. */
  invalidRows: Array<{ row: number; line?: number; field?: string; message: string }>;
  aggregates: MetricAggregate[];
}
