import type { Llm } from "../llm/types.js";
import type { ModelProvenance } from "../provenance.js";
import type { Sample, SampleField } from "../sample/types.js";

export type { Sample, SampleField };

/** Status of one row × metric. */
export type MetricStatus = "ok" | "error" | "skipped";

/**
 * The outcome of scoring one sample.
 * `value` is null when the metric could not give a number (`status` "error" or "skipped", or a
 * documented null such as Faithfulness with no statements); `reason` says why.
 */
export interface MetricResult {
  value: number | null;
  status: MetricStatus;
  /** Human-readable reason for the value or for a null. */
  reason?: string;
  /** Metric-specific evidence: statements, verdicts, questions, similarities, splits. */
  details?: Record<string, unknown>;
  /** Error text when `status` is "error". */
  error?: string;
}

/** What determines a metric's numbers; hashed for resume and recorded in results. */
export interface MetricConfig {
  /** Ragas metric id, e.g. `faithfulness`. */
  name: string;
  /** Prompt versions by prompt name; empty for metrics without a judge. */
  promptVersions: Record<string, string>;
  /** Metric options that change the number (strictness, threshold, mode, ...). */
  options: Record<string, string | number | boolean | null>;
  /** Models used. */
  models: ModelProvenance[];
}

/** Per-call options for `score`. */
export interface ScoreOptions {
  /** Aborts in-flight judge calls. Defaults to none. */
  signal?: AbortSignal;
}

/**
 * A Ragas-style metric. Implementations receive their Llm/Embeddings as constructor options.
 *
 * @example
 * const metric = new Faithfulness({ llm });
 * const { value } = await metric.score({ userInput, response, retrievedContexts });
 */
export interface Metric {
  /** Ragas metric id, e.g. `answer_relevancy`. */
  readonly name: string;
  /** Sample fields this metric needs. */
  readonly requiredFields: readonly SampleField[];
  /** Needs a judge LLM. */
  readonly needsLlm: boolean;
  /** Needs an embedding model. */
  readonly needsEmbeddings: boolean;
  /** The judge this metric calls, when it uses one; `evaluate` reads its `concurrency`. */
  readonly llm?: Llm;
  /** Scores one sample. Judge failures resolve to `status: "error"`; bad input throws `InvalidInputError`. */
  score(sample: Sample, options?: ScoreOptions): Promise<MetricResult>;
  /** Scores many samples. */
  scoreBatch(samples: readonly Sample[], options?: ScoreOptions): Promise<MetricResult[]>;
  /** What determines this metric's numbers. */
  config(): MetricConfig;
  /**
   * Optional: passes over every row this metric will score, run by `evaluate()` before it scores any row (a jury
   * whose judges are loaded one at a time scores all rows with each judge in turn; see {@link ScoringPasses}).
   * Metrics without it are scored row by row.
   */
  readonly scoringPasses?: ScoringPasses | undefined;
}

/**
 * Passes a metric runs over all its rows before `score` is asked for them (see `Metric.scoringPasses`). `evaluate()`
 * runs pass 0 of every such metric, then pass 1, and so on, each over the rows that metric will score (not those a
 * resumed file or the result cache already holds, nor those it skips), then scores the rows; `score` answers from
 * what the passes kept. Pass 0 comes first in every run (a metric may start afresh there); a run with no row to
 * score runs no pass, and a row no pass saw is scored by `score` alone.
 */
export interface ScoringPasses {
  /** How many passes. */
  readonly count: number;
  /** Runs pass `pass` (from 0) over `rows`, at most `concurrency` at a time. */
  run(pass: number, rows: AsyncIterable<Sample>, options: ScoringPassOptions): Promise<void>;
  /** A few words on pass `pass`, for progress lines (`judge a.gguf`). */
  describe(pass: number): string;
}

/** Options of `ScoringPasses.run`. */
export interface ScoringPassOptions {
  /** Rows scored at once. */
  concurrency: number;
  /** Stops the pass: no new row starts. Defaults to none. */
  signal?: AbortSignal;
  /** Called after each row of the pass. Defaults to none. */
  onRow?: () => void;
}
