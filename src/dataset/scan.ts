// The first pass over a dataset: counts and column presence, never rows (docs/large-datasets.md).
import { InvalidInputError } from "../errors.js";
import type { Sample, SampleField } from "../metrics/types.js";
import { sampleFields } from "./columns.js";
import type { DatasetSource } from "./stream.js";
import type { Dataset, InvalidRow } from "./types.js";

/** The first valid row lacking a field, with every field that row lacks. */
export interface LackingRow {
  row: number;
  line?: number;
  missing: readonly SampleField[];
}

/** What one pass over a dataset keeps: counts and column presence, never rows. */
export interface DatasetScan {
  /** Data rows (valid and invalid) of the whole dataset. */
  totalRows: number;
  /** Valid rows this source yields (a shard's own). */
  validRows: number;
  /** The problems of the invalid rows, in row order. */
  invalid: InvalidRow[];
  /** Sample fields that at least one valid row has. */
  fields: Set<SampleField>;
  /** Columns of valid rows that map to no sample field. */
  extraColumns: Set<string>;
  /** Per field, the first valid row lacking it (for strict runs). */
  firstLacking: Map<SampleField, LackingRow>;
  /** The distinct sets of fields valid rows have, as bit masks over `sampleFields` (at most 1,024). */
  fieldSets: Set<number>;
  /** The dataset file, when there is one. */
  file?: string;
}

/** Counts one valid row into a scan. */
function scanRow(
  scan: DatasetScan,
  row: number,
  line: number | undefined,
  sample: Sample,
  extra: Record<string, unknown>,
): void {
  scan.validRows++;
  for (const key in extra) scan.extraColumns.add(key);
  let missing: SampleField[] | undefined;
  let mask = 0;
  sampleFields.forEach((field, bit) => {
    if (sample[field] !== undefined) {
      scan.fields.add(field);
      mask |= 1 << bit;
    } else if (!scan.firstLacking.has(field)) {
      missing ??= sampleFields.filter((f) => sample[f] === undefined);
      scan.firstLacking.set(field, { row, ...(line !== undefined ? { line } : {}), missing });
    }
  });
  scan.fieldSets.add(mask);
}

function emptyScan(file: string | undefined): DatasetScan {
  return {
    totalRows: 0,
    validRows: 0,
    invalid: [],
    fields: new Set(),
    extraColumns: new Set(),
    firstLacking: new Map(),
    fieldSets: new Set(),
    ...(file !== undefined ? { file } : {}),
  };
}

/**
 * The scan of a dataset already in memory (what {@link scanDataset} gives for its rows).
 *
 * @example
 * const scan = scanOfDataset(loadDataset("eval.jsonl"));
 */
export function scanOfDataset(data: Dataset): DatasetScan {
  const scan = emptyScan(data.file);
  scan.totalRows = data.totalRows;
  scan.invalid = data.invalid;
  for (const item of data.samples) scanRow(scan, item.row, item.line, item.sample, item.extra);
  return scan;
}

/**
 * Whether some valid row has every one of `fields` (so a metric needing them can score a row).
 *
 * @example
 * canScoreAnyRow(scan, ["response", "reference"]);
 */
export function canScoreAnyRow(
  scan: Pick<DatasetScan, "fieldSets">,
  fields: readonly SampleField[],
): boolean {
  let need = 0;
  for (const field of fields) need |= 1 << sampleFields.indexOf(field);
  for (const mask of scan.fieldSets) if ((mask & need) === need) return true;
  return false;
}

/**
 * The first valid row lacking a field one of `metrics` needs, with the metric and the field (the
 * first of that metric's fields the row lacks, trying metrics in order), as a strict run reports it.
 *
 * @example
 * const lacking = firstRowLacking(scan, [{ name: "faithfulness", requiredFields: ["response"] }]);
 */
export function firstRowLacking(
  scan: Pick<DatasetScan, "firstLacking">,
  metrics: ReadonlyArray<{ name: string; requiredFields: readonly SampleField[] }>,
): { row: number; line?: number; field: SampleField; metric: string } | undefined {
  let first: LackingRow | undefined;
  for (const metric of metrics) {
    for (const field of metric.requiredFields) {
      const lacking = scan.firstLacking.get(field);
      if (lacking !== undefined && (first === undefined || lacking.row < first.row)) first = lacking;
    }
  }
  if (first === undefined) return undefined;
  for (const metric of metrics) {
    const field = metric.requiredFields.find((f) => first.missing.includes(f));
    if (field !== undefined) {
      return {
        row: first.row,
        ...(first.line !== undefined ? { line: first.line } : {}),
        field,
        metric: metric.name,
      };
    }
  }
  return undefined;
}

/**
 * Reads a dataset once and keeps only what the checks before a run need: row counts, the invalid rows'
 * problems, which fields and extra columns valid rows have, and the first row lacking each field. An
 * empty dataset is an `InvalidInputError`, as for {@link loadDataset}.
 *
 * @example
 * const scan = await scanDataset(openDataset("eval.jsonl"));
 * checkRequiredColumns(scan, metrics);
 */
export async function scanDataset(source: DatasetSource): Promise<DatasetScan> {
  const scan = emptyScan(source.file);
  let rows = 0;
  for await (const outcome of source.rows()) {
    rows++;
    if (outcome.sample === undefined) scan.invalid.push(...outcome.problems);
    else scanRow(scan, outcome.row, outcome.line, outcome.sample.sample, outcome.sample.extra);
  }
  scan.totalRows = source.totalRows ?? rows;
  if (scan.totalRows === 0)
    throw new InvalidInputError("the dataset has no data rows", { file: source.file });
  return scan;
}
