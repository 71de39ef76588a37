// The first pass over a dataset: counts and column presence, never rows (docs/large-datasets.md).
import { InvalidInputError } from "../errors.js";
import type { Sample, SampleField } from "../metrics/types.js";
import { sampleFields } from "../sample/field-table.js";
import { canonicalHash } from "../util/hash.js";
import { RowHashes } from "./row-hashes.js";
import type { DatasetRowOutcome, DatasetSource } from "./stream.js";
import type { BadCell, Dataset, InvalidRow } from "./types.js";

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
  /** The cells of valid rows that could not be read, in row order (see `DatasetSample.badCells`). */
  badCells: BadCell[];
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
  /**
   * Each valid row's hash (the sha256 of its normalized sample that resume uses), when the pass was
   * asked to keep them (see {@link ScanOptions.rowHashes}).
   */
  rowHashes?: RowHashes;
}

/** Options for {@link scanDataset}. */
export interface ScanOptions {
  /**
   * Keep each valid row's hash in `rowHashes` (36 bytes a row), so that a resumed run finds the rows
   * edited since its results were written without reading the rows again. Defaults to false.
   */
  rowHashes?: boolean;
}

/**
 * A dataset source with the first pass over its rows already made: `evaluate` plans from `scan` and
 * reads the rows once, for the run (see `scanForRun`).
 */
export interface ScannedSource extends DatasetSource {
  /** The first pass over exactly the rows `rows()` gives. */
  readonly scan: DatasetScan;
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

function emptyScan(file: string | undefined, options: ScanOptions = {}): DatasetScan {
  return {
    totalRows: 0,
    validRows: 0,
    invalid: [],
    badCells: [],
    fields: new Set(),
    extraColumns: new Set(),
    firstLacking: new Map(),
    fieldSets: new Set(),
    ...(file !== undefined ? { file } : {}),
    ...(options.rowHashes === true ? { rowHashes: new RowHashes() } : {}),
  };
}

/**
 * A first pass made one row at a time, for readers that do more with each row (see `scanForRun`).
 *
 * @example
 * const pass = new ScanPass(source.file);
 * for await (const outcome of source.rows()) pass.add(outcome);
 * const scan = pass.finish(source.totalRows);
 */
export class ScanPass {
  private readonly scan: DatasetScan;
  private rows = 0;

  constructor(file: string | undefined, options: ScanOptions = {}) {
    this.scan = emptyScan(file, options);
  }

  /** Counts one row; `hash` is a valid row's hash when the caller already has it. */
  add(outcome: DatasetRowOutcome, hash?: string): void {
    this.rows++;
    if (outcome.sample === undefined) {
      this.scan.invalid.push(...outcome.problems);
      return;
    }
    const { sample, extra, badCells } = outcome.sample;
    if (badCells !== undefined) this.scan.badCells.push(...badCells);
    scanRow(this.scan, outcome.row, outcome.line, sample, extra);
    this.scan.rowHashes?.add(outcome.row, hash ?? canonicalHash(sample));
  }

  /**
   * The scan, with `totalRows` when the whole dataset's count is known (a shard's), else the rows
   * added. An empty dataset is an `InvalidInputError`.
   */
  finish(totalRows?: number): DatasetScan {
    this.scan.totalRows = totalRows ?? this.rows;
    if (this.scan.totalRows === 0)
      throw new InvalidInputError("the dataset has no data rows", { file: this.scan.file });
    return this.scan;
  }
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
  scan.badCells = data.samples.flatMap((item) => item.badCells ?? []);
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
 * problems and the unreadable cells, which fields and extra columns valid rows have, and the first row lacking each field (and,
 * when asked, each valid row's hash). An empty dataset is an `InvalidInputError`, as for
 * {@link loadDataset}.
 *
 * @example
 * const scan = await scanDataset(openDataset("eval.jsonl"));
 * checkRequiredColumns(scan, metrics);
 */
export async function scanDataset(source: DatasetSource, options: ScanOptions = {}): Promise<DatasetScan> {
  const pass = new ScanPass(source.file, options);
  for await (const outcome of source.rows()) pass.add(outcome);
  return pass.finish(source.totalRows);
}

/**
 * `source` with its first pass attached, so `evaluate` does not read it again to plan.
 *
 * @example
 * const source = openDataset("eval.jsonl");
 * const scanned = withScan(source, await scanDataset(source));
 */
export function withScan(source: DatasetSource, scan: DatasetScan): ScannedSource {
  return {
    ...(source.file !== undefined ? { file: source.file } : {}),
    format: source.format,
    ...(source.shard !== undefined ? { shard: source.shard } : {}),
    ...(source.totalRows !== undefined ? { totalRows: source.totalRows } : {}),
    scan,
    rows: () => source.rows(),
  };
}

/** Whether a source carries its first pass (see {@link withScan}). */
export function isScanned(source: DatasetSource): source is ScannedSource {
  return (source as Partial<ScannedSource>).scan !== undefined;
}
