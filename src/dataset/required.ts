import { InvalidInputError } from "../errors.js";
import type { MetricDescriptor } from "../metrics/descriptor.js";
import type { Metric, Sample, SampleField } from "../metrics/types.js";
import { columnName } from "../sample/field-table.js";
import type { BadCell, Dataset, InvalidRow } from "./types.js";

/** A sample field's Ragas column name (Haystack's where Ragas has none), e.g. `retrieved_contexts` for `retrievedContexts`. */
export const ragasColumnName: (field: SampleField) => string = columnName;

/** The fields of `metric.requiredFields` that a sample lacks. */
export function missingFields(sample: Sample, metric: Pick<Metric, "requiredFields">): SampleField[] {
  return metric.requiredFields.filter((field) => sample[field] === undefined);
}

/** Which fields and extra columns the valid rows of a dataset have (a `DatasetScan` is one). */
export interface ColumnPresence {
  /** Sample fields at least one valid row has. */
  fields: ReadonlySet<SampleField>;
  /** Columns of valid rows that map to no sample field. */
  extraColumns: ReadonlySet<string>;
  /** The dataset file, when there is one. */
  file?: string;
  /** Cells of valid rows that could not be read: a field may be in the file though no row has it. Defaults to none. */
  badCells?: readonly BadCell[];
  /** Problems of the rows that could not be read at all. Defaults to none. */
  invalid?: readonly InvalidRow[];
}

function columnPresence(dataset: Dataset | readonly Sample[] | ColumnPresence): ColumnPresence {
  if (!Array.isArray(dataset) && "fields" in dataset) return dataset as ColumnPresence;
  const rows: readonly { sample: Sample; extra?: Record<string, unknown>; badCells?: BadCell[] }[] =
    Array.isArray(dataset)
      ? (dataset as readonly Sample[]).map((sample) => ({ sample }))
      : (dataset as Dataset).samples;
  const fields = new Set<SampleField>();
  const extraColumns = new Set<string>();
  for (const { sample, extra } of rows) {
    for (const key of Object.keys(sample) as SampleField[]) {
      if (sample[key] !== undefined) fields.add(key);
    }
    for (const key of Object.keys(extra ?? {})) extraColumns.add(key);
  }
  const badCells = rows.flatMap((row) => row.badCells ?? []);
  return {
    fields,
    extraColumns,
    badCells,
    invalid: Array.isArray(dataset) ? [] : (dataset as Dataset).invalid,
  };
}

/** Where a row problem is, for a message: `line 3 (row 2), field "x"`. */
function rowPlace(bad: InvalidRow): string {
  const at = bad.line !== undefined ? `line ${bad.line} (row ${bad.row})` : `row ${bad.row}`;
  return `${at}${bad.field !== undefined ? `, ${bad.field}` : ""}`;
}

/**
 * Why fields no valid row has may still be in the file: their cells could not be read, or no row could be
 * read at all. Points at the first bad cell of each field, else at the first invalid row; empty when neither.
 */
function unreadableNote(missing: ReadonlySet<SampleField>, presence: ColumnPresence): string {
  const notes: string[] = [];
  for (const field of missing) {
    const cells = (presence.badCells ?? []).filter((cell) => cell.sampleField === field);
    const first = cells[0];
    if (first === undefined) continue;
    const more = cells.length > 1 ? ` (and ${cells.length - 1} more)` : "";
    notes.push(
      `${ragasColumnName(field)} is there, but its cells could not be read: ${rowPlace(first)}: ${first.message}${more}`,
    );
  }
  const invalid = presence.invalid ?? [];
  if (notes.length === 0 && presence.fields.size === 0 && invalid.length > 0) {
    const rows = new Set(invalid.map((bad) => bad.row)).size;
    notes.push(
      `no row could be read (${rows} invalid; the first: ${rowPlace(invalid[0]!)}: ${invalid[0]!.message})`,
    );
  }
  return notes.length > 0 ? ` ${notes.join(". ")}. Fix those cells or rows,` : "";
}

/** How the error tells the caller to map a column; the CLI says `--column`. */
export interface RequiredColumnsHint {
  /** How to map a column of the dataset to a field. Defaults to naming the library's `columnMap` option. */
  map?: string;
  /** How to leave a metric out. Defaults to "drop those metrics". */
  drop?: string;
}

/**
 * Throws an `InvalidInputError` when a metric needs a field that no row of the dataset has, so the
 * run stops before any model loads. The message lists the columns the rows do have (recognised ones by their
 * Ragas names, others as found). Rows lacking a field only some rows have are not an error here:
 * `evaluate` marks those row × metric pairs skipped.
 *
 * The metrics may be given as metrics or as their catalog descriptors.
 *
 * @example
 * checkRequiredColumns(loadDataset("eval.jsonl"), [new Faithfulness({ llm })]);
 * checkRequiredColumns(loadDataset("eval.jsonl"), [faithfulnessDescriptor]);
 */
export function checkRequiredColumns(
  dataset: Dataset | readonly Sample[] | ColumnPresence,
  metrics: ReadonlyArray<
    Pick<Metric, "name" | "requiredFields"> | Pick<MetricDescriptor, "id" | "requiredFields">
  >,
  hint: RequiredColumnsHint = {},
): void {
  const presence = columnPresence(dataset);
  const { fields: present, extraColumns: unrecognised } = presence;
  const problems: string[] = [];
  const allMissing = new Set<SampleField>();
  for (const metric of metrics) {
    const missing = metric.requiredFields.filter((field) => !present.has(field));
    for (const field of missing) allMissing.add(field);
    if (missing.length > 0) {
      const names = missing.map((f) => `${ragasColumnName(f)} (${f})`).join(", ");
      problems.push(`${"id" in metric ? metric.id : metric.name} needs ${names}`);
    }
  }
  if (problems.length > 0) {
    const file = Array.isArray(dataset) ? undefined : (dataset as Dataset | ColumnPresence).file;
    const found = [
      ...[...present].map((f) => ragasColumnName(f)),
      ...[...unrecognised].map((c) => `${c} (not recognised)`),
    ];
    const unreadable = unreadableNote(allMissing, presence);
    throw new InvalidInputError(
      `no valid row has the columns these metrics need: ${problems.join("; ")}. ` +
        `Columns found: ${found.length > 0 ? found.join(", ") : "none"}.${unreadable} ${unreadable ? "or add" : "Add"} the columns, map yours with ` +
        `${hint.map ?? "columnMap (loadDataset's option; load: { columnMap } in evaluate())"}, or ${hint.drop ?? "drop those metrics"}`,
      { file },
    );
  }
}
