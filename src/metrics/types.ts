import type { Llm } from "../llm/types.js";
import type { ModelProvenance } from "../provenance.js";
import type { HaystackDocument } from "./shared/documents.js";

/** One evaluation sample, with Ragas' fields in camelCase. Which fields a metric needs is in `requiredFields`. */
export interface Sample {
  /** The question or instruction (Ragas `user_input`, Haystack `questions`). */
  userInput?: string;
  /** The system's answer (Ragas `response`, Haystack `predicted_answers`). */
  response?: string;
  /** Contexts retrieved for the answer (Ragas `retrieved_contexts`, Haystack `contexts`). */
  retrievedContexts?: string[];
  /** The ground-truth answer (Ragas `reference`, Haystack `ground_truth_answers`). */
  reference?: string;
  /** Ground-truth contexts (Ragas `reference_contexts`). */
  referenceContexts?: string[];
  /**
   * A scoring rubric for this row (Ragas `rubrics`), read by `InstanceRubrics`: score level name to description,
   * e.g. `{ score1_description: "...", score5_description: "..." }`.
   */
  rubrics?: Record<string, string>;
  /** Ids of the retrieved contexts, strings or integers (Ragas `retrieved_context_ids`). */
  retrievedContextIds?: Array<string | number>;
  /** Ids of the ground-truth contexts, strings or integers (Ragas `reference_context_ids`). */
  referenceContextIds?: Array<string | number>;
  /** Retrieved documents in rank order (Haystack `retrieved_documents`, one list per row). */
  retrievedDocuments?: HaystackDocument[];
  /** Expected documents, optionally with graded relevance in `score` (Haystack `ground_truth_documents`). */
  groundTruthDocuments?: HaystackDocument[];
}

export type SampleField = keyof Sample;

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
}
