import type { Cache } from "../cache/cache.js";
import type { DatasetSource } from "../dataset/stream.js";
import type { Dataset, LoadDatasetOptions } from "../dataset/types.js";
import type { AggregateIntervalOptions } from "../results/interval-tally.js";
import type { RowMetricRecord } from "../results/types.js";
import type { ProgressMode, ProgressReporter } from "./progress.js";

/**
 * What `evaluate` accepts as a dataset: a file path (read row by row), rows in memory, a loaded
 * {@link Dataset}, or a {@link DatasetSource} (`openDataset`, `shardSource`).
 */
export type EvaluateDataset = Dataset | DatasetSource | string | readonly Record<string, unknown>[];

/** Options for {@link evaluate}. */
export interface EvaluateOptions {
  /**
   * Rows evaluated at once (a row's metrics run together). Defaults to the smallest `concurrency` of the
   * judges that LLM metrics expose as `metric.llm` (1 when a metric uses an LLM but exposes none, since
   * more rows would only queue behind one judge), else 8 for embedding and pure metrics, so embedding
   * calls from several rows can be batched.
   */
  concurrency?: number;
  /**
   * Results JSONL file: a header line, then each finished row × metric appended at once. The run holds
   * `<out>.lock` throughout, so a second run on the same file throws naming the first. Defaults to none.
   */
  out?: string;
  /**
   * Continue the `out` file: skip row × metric pairs it already holds (same row index, row hash and
   * metric config hash), refuse a file written under another metric configuration. Defaults to false.
   */
  resume?: boolean;
  /** Replace an existing `out` file when not resuming (otherwise that is an error). Defaults to false. */
  overwrite?: boolean;
  /**
   * Cache of metric results, keyed by airgap-eval version, metric config hash and row hash: unchanged
   * rows are not recomputed. Only results of metrics whose models all have a known sha256 are cached,
   * and only ok ones. Defaults to false (the CLI passes its default cache).
   */
  cache?: Cache | false;
  /** Progress display, or your own reporter. Defaults to "auto" (a bar on a TTY, lines otherwise, on stderr). */
  progress?: ProgressMode | ProgressReporter;
  /**
   * Stops the run gracefully: no new rows start, rows in flight finish and are written, and the result
   * is marked `interrupted`. Defaults to none.
   */
  signal?: AbortSignal;
  /**
   * Keep every record in the result (`result.records`, `detailed()`, reports from the result). With
   * false the records are only written to `out` (and passed to `onRecord`): the result holds the
   * aggregates, the error and skip reasons (the first 1,000 rows of each) and the lowest 10 unscored rows
   * per metric, so memory stays flat however many rows the dataset has (but for 12 bytes per scored row and metric:
   * the values behind each mean's interval); write reports from the results
   * file (`writeReportFromResults`). The CLI runs this way. Defaults to true.
   */
  keepRecords?: boolean;
  /** Called with each record right after it is written. Defaults to none. */
  onRecord?: (record: RowMetricRecord) => void;
  /** Any invalid row, or any row lacking a field a metric needs, is an error before work starts. Defaults to false. */
  strict?: boolean;
  /**
   * Extra settings recorded in the results header's `options` beside the ones `evaluate` knows (the CLI
   * records `verify: false` under `--no-verify`). Defaults to none.
   */
  recordOptions?: Record<string, string | number | boolean | null>;
  /**
   * How each aggregate's confidence interval is computed: level, method, clusters (`clusterBy`), bootstrap
   * resamples and seed. Defaults to a 95% interval, method `auto`, every row its own cluster.
   */
  intervals?: AggregateIntervalOptions;
  /** Column map and format used when `dataset` is a path or rows. Defaults to none (recognised names, format by extension). */
  load?: Omit<LoadDatasetOptions, "strict">;
}
