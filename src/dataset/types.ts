import type { Sample, SampleField } from "../metrics/types.js";
import type { ShardInfo } from "../results/types.js";
import type { SampleColumnName } from "../sample/field-table.js";

/** File formats {@link loadDataset} reads. `rows` means an in-memory array. */
export type DatasetFormat = "jsonl" | "json" | "csv" | "rows";

/** One valid dataset row: the normalized sample and where it came from. */
export interface DatasetSample {
  /** 0-based index of the row among the dataset's data rows (valid and invalid alike). */
  row: number;
  /** 1-based line in the file where the row starts; absent for in-memory rows. */
  line?: number;
  /** The row's fields under {@link Sample} names. */
  sample: Sample;
  /** Columns that map to no sample field (e.g. `id`), kept as they were for reports. */
  extra: Record<string, unknown>;
  /**
   * Cells of this row that could not be read (e.g. a `retrieved_contexts` cell that is no list): their
   * fields are left out of `sample`, a metric reading one of them gives an error row naming the cell,
   * and the other metrics score the row. Defaults to none.
   */
  badCells?: BadCell[];
}

/** A row that failed validation: which row, which line, which field and what is wrong. */
export interface InvalidRow {
  /** 0-based row index among the dataset's data rows. */
  row: number;
  /** 1-based line in the file, when loaded from one. */
  line?: number;
  /** The column as named in the dataset (e.g. `retrieved_contexts[2]`), when one field is at fault. */
  field?: string;
  /** What is wrong, in words. */
  message: string;
}

/** A cell of a valid row that could not be read: where it is, the field it gives and what is wrong. */
export interface BadCell extends InvalidRow {
  /** The column as named in the dataset, with the path inside it (e.g. `retrieved_contexts[2]`). */
  field: string;
  /** The sample field the column gives (e.g. `retrievedContexts`). */
  sampleField: SampleField;
}

/** A loaded dataset: valid samples in file order and the problems found in the other rows. */
export interface Dataset {
  /** Valid rows, in file order. */
  samples: DatasetSample[];
  /** One entry per problem of a whole row (e.g. bad JSON); such a row is left out of `samples`. */
  invalid: InvalidRow[];
  /**
   * The cells of valid rows that could not be read (each also in its sample's `badCells`); the rows are in
   * `samples` without those fields. Defaults to none.
   */
  badCells?: BadCell[];
  /** Number of data rows read (valid and invalid). */
  totalRows: number;
  /** Format the rows were read as. */
  format: DatasetFormat;
  /** The file the rows came from, when loaded from one. */
  file?: string;
  /** Set by `shardDataset`: this is one shard of the file's rows; `evaluate` records it. Defaults to none (all rows). */
  shard?: ShardInfo;
}

/**
 * Target of a column map entry: a {@link Sample} field in camelCase (`userInput`) or its column name
 * (`user_input`; Haystack's name for the document fields, which Ragas lacks).
 */
export type ColumnTarget = SampleField | SampleColumnName;

/** Options for {@link loadDataset}. */
export interface LoadDatasetOptions {
  /** File format. Defaults to the file extension: `.jsonl`/`.ndjson`, `.json` or `.csv`. */
  format?: "jsonl" | "json" | "csv";
  /**
   * Maps your column names to sample fields, e.g. `{ question_text: "user_input", docs: "retrievedContexts" }`.
   * A mapped field ignores its default column names. Defaults to `{}` (Ragas, Haystack, DeepEval and camelCase names
   * are recognised without a map).
   */
  columnMap?: Record<string, ColumnTarget>;
  /**
   * Columns gathered, in this order, into each row's `candidates` (name to text, named by column), for head-to-head
   * metrics (`ArenaGEval`), e.g. `["response_a", "response_b"]`: two or more. A row lacking one of them has an
   * unreadable `candidates` cell naming the column. Defaults to none (a `candidates` column is read as it is).
   */
  candidateColumns?: readonly string[];
  /** Throw an `InvalidInputError` when any row is invalid, before any work starts. Defaults to false. */
  strict?: boolean;
}
