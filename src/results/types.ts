import type { MeanInterval } from "../math/mean-interval.js";
import type { MetricConfig, MetricResult, MetricStatus, Sample } from "../metrics/types.js";
import type { JuryAgreement } from "./jury-agreement.js";

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
  /**
   * Dataset columns kept beside the sample, column name → the row's value: the column that clusters the intervals
   * (`intervals.clusterBy`, `--cluster-by`) when it is not a sample field (e.g. `{ doc_id: "d7" }`), so reports
   * read from the results file can cluster by it. Absent when none was asked for.
   */
  columns?: Record<string, unknown>;
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
  /**
   * Confidence interval of the mean over the `count` scored rows (95% unless set otherwise); absent below two
   * scored rows (or clusters), and in results written before intervals were computed.
   */
  interval?: MeanInterval;
  /**
   * Ok rows of a cascade (the `faithfulness` cascade with a verifier) by the path that decided them,
   * `details.decidedBy`; absent when no row of the metric was cascaded.
   */
  decidedBy?: { verifier: number; judge: number };
  /**
   * Ok rows of a head-to-head metric (`arena_g_eval`): pairs judged in both orders, and those whose verdict changed
   * when the order was swapped (`details.swappedPairs`, `details.positionFlips`; for a jury, every judge's, from
   * `details.jury.members`); absent for other metrics.
   */
  positionFlips?: { flips: number; swappedPairs: number };
  /** How far a jury's judges agreed (`details.jury` of its rows); absent for a metric that is no jury. */
  agreement?: JuryAgreement;
}

/** Everything about how a run was made. */
export interface RunMetadata {
  /** airgap-eval version. */
  version: string;
  startedAt: string;
  finishedAt: string;
  /** Dataset file, when loaded from one. */
  dataset?: string;
  /**
   * The dataset file's absolute real path (symlinks followed), when loaded from one: the same command run again from
   * another folder, where the relative `dataset` names another file, is told apart by it.
   */
  datasetPath?: string;
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
  /**
   * How the resumed results file's last run was made differently from this one, in words (`runDifferences`):
   * what may differ without refusing the resume (the CPU, thread counts, Node). Absent when alike or not resumed.
   */
  resumedDifferences?: string[];
  /** The shard of the dataset this run evaluated (`--shard`), when it evaluated one. */
  shard?: ShardInfo;
  /** The shard results files this run was merged from (`airgap-eval merge`), when it was. */
  merged?: MergeInfo;
}

/** Rows of one metric that share a status ("error" or "skipped") and the same error text or reason. */
export interface ProblemGroup {
  metric: string;
  /** `error`, `skipped`, or `ok` for rows scored ok with no value ("no score"). */
  status: MetricStatus;
  /** The error text (for errors) or the reason (for skips and rows with no score). */
  text: string;
  /** Row indices, in record order (the first 1,000 when there are more). */
  rows: number[];
  /** Rows in the group, listed or not. */
  count: number;
}

/** A row a metric gave no score: an error, a skip, or ok without a value. */
export interface UnscoredRow {
  row: number;
  /** 1-based line in the dataset file, when known. */
  line?: number;
  status: MetricStatus;
}

/** Result of `evaluate()`: the equivalent of Haystack's EvaluationRunResult. */
export interface EvaluationResultData {
  metadata: RunMetadata;
  /**
   * One record per row × metric, ordered by row then metric. Empty when the run did not keep them
   * (`evaluate(..., { keepRecords: false })`); they are then in the results file.
   */
  records: RowMetricRecord[];
  /** Set to false when `records` was left empty on purpose (`keepRecords: false`). Defaults to absent (kept). */
  recordsKept?: false;
  /** Row × metric records the run's aggregates cover (set when the records were not kept). */
  recordCount?: number;
  /** Error and skip reasons with their rows (set when the records were not kept). */
  problems?: ProblemGroup[];
  /** Per metric, the lowest rows without a score (set when the records were not kept). */
  unscored?: Record<string, UnscoredRow[]>;
  /** Rows that failed validation and were not evaluated. */
  invalidRows: Array<{ row: number; line?: number; field?: string; message: string }>;
  aggregates: MetricAggregate[];
}

/** One shard of a sharded run: 0-based `index` among `count` shards. */
export interface ShardSpec {
  /** 0-based index of this shard, below `count`. */
  index: number;
  /** Number of shards the dataset is split into, at least 1. */
  count: number;
}

/** What a shard's results file records about the shard (kept in the header's metadata). */
export interface ShardInfo extends ShardSpec {
  /** Dataset column whose value keyed the rows, or absent when rows were keyed by content hash. */
  rowKey?: string;
  /**
   * sha256 of the whole dataset's rows (each valid row's number and content hash, the invalid rows'
   * numbers, the row count): shards of one dataset agree on it, so `merge` can tell datasets apart.
   */
  datasetHash?: string;
}

/** One input of a merge, as recorded in the merged file's metadata. */
export interface MergedShardFile {
  /** The shard's results file, as given. */
  file: string;
  /** The shard it evaluated (`--shard`), when it was one. */
  shard?: ShardInfo;
  /** Row × metric records taken from it (a duplicate of an earlier file's record is not counted). */
  records: number;
  /** True when the file ended in a line cut off mid-write; its complete lines were merged. */
  tornTail: boolean;
  /** True when the shard's last run did not end on its own (killed, crashed or interrupted). */
  interrupted: boolean;
}

/** What a merged results file records about its inputs (`metadata.merged`). */
export interface MergeInfo {
  /** The shard files, in the order given. */
  files: MergedShardFile[];
}
