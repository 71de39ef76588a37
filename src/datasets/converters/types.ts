/**
 * One row of a labelled file, in the column names `calibrate` reads (Ragas names for the sample,
 * `human_*` for the label). A converter writes these as JSON Lines.
 */
export interface LabelledRecord {
  /** Stable id of the row within its data set. */
  id: string;
  user_input?: string;
  response?: string;
  retrieved_contexts?: string[];
  reference?: string;
  /** Binary human label: 1 = faithful / relevant / pass, 0 = not. */
  human_label?: 0 | 1;
  /** Graded human score on the data set's declared scale. */
  human_score?: number;
  /** Pairwise: the two responses and which one people preferred. */
  response_a?: string;
  response_b?: string;
  preferred?: "a" | "b";
  /** Rows sharing a group (a source document, a task) are resampled together by the bootstrap. */
  group?: string;
}

/** How a data set's human labels read. */
export type LabelKind =
  | {
      kind: "binary";
      /**
       * What people's 0 means, naming the negative class in the figures (e.g. "unfaithful",
       * "irrelevant"). Defaults to "negative (human 0)".
       */
      negative?: string;
    }
  | { kind: "graded"; min: number; max: number }
  | { kind: "pairwise" }
  | { kind: "statements" };

/** Turns the files of one data set (by their path inside the set's folder) into labelled records. */
export interface DatasetConverter {
  /** Data set id, as in `datasets.json`. */
  id: string;
  /** How the converted labels read. */
  labels: LabelKind;
  /** The metric the set calibrates by default. */
  metric: string;
  /** Options of that metric the set needs (e.g. `withReference` when the reference holds grading notes). */
  metricOptions?: Record<string, unknown>;
  /** Reads the set's folder and returns its records in file order. */
  convert(dir: string): LabelledRecord[];
}
