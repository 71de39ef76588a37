// Datasets read row by row: a file is read in 1 MB pieces and each row is validated as it comes, so
// memory does not grow with the file. A JSON file (one array) is the exception: it is parsed whole.

import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import { InvalidInputError } from "../errors.js";
import type { Sample, SampleField } from "../metrics/types.js";
import type { ShardInfo, ShardSpec } from "../results/types.js";
import { canonicalHash, canonicalJson } from "../util/hash.js";
import { ColumnResolver, sampleFields } from "./columns.js";
import { type DatasetRowOutcome, datasetFormat, rawRowsOf, readFile, rowOutcome } from "./load.js";
import { CsvReader, JsonlReader, type RawRow, type RowReader, readJsonArray } from "./readers.js";
import { checkShard, keyOf, type ShardDatasetOptions, shardOfKey } from "./shard.js";
import type { Dataset, DatasetFormat, InvalidRow, LoadDatasetOptions } from "./types.js";
import { decodeUtf8 } from "./utf8.js";

export type { DatasetRowOutcome };

/**
 * A dataset read row by row, as often as needed: each call of `rows()` reads it again from the start.
 * `evaluate` reads one twice (a first pass checks columns and counts rows, the second scores them),
 * holding one row at a time per row in flight.
 */
export interface DatasetSource {
  /** The file the rows come from, when they come from one. */
  readonly file?: string;
  /** Format the rows are read as. */
  readonly format: DatasetFormat;
  /** Set on one shard of a dataset (see {@link shardSource}). Defaults to none (all rows). */
  readonly shard?: ShardInfo;
  /** Data rows of the whole dataset, when known without reading it (a shard knows it). */
  readonly totalRows?: number;
  /** Every row in file order: valid rows with their sample, invalid ones with their problems. */
  rows(): AsyncIterable<DatasetRowOutcome>;
}

/** Bytes read from a file at once. */
const pieceBytes = 1 << 20;

async function* fileRows(file: string, format: "jsonl" | "json" | "csv"): AsyncGenerator<RawRow> {
  if (format === "json") {
    yield* readJsonArray(decodeUtf8(readFile(file)), file);
    return;
  }
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, "r");
  } catch {
    readFile(file); // throws the same error as a whole-file read
    throw new InvalidInputError("dataset file cannot be read; check the path", { file });
  }
  const reader: RowReader = format === "jsonl" ? new JsonlReader() : new CsvReader(file);
  try {
    for (;;) {
      const piece = Buffer.allocUnsafe(pieceBytes);
      const { bytesRead } = await handle.read(piece, 0, pieceBytes, null);
      if (bytesRead === 0) break;
      yield* reader.push(piece.subarray(0, bytesRead));
    }
    yield* reader.end();
  } finally {
    await handle.close();
  }
}

/**
 * A dataset file (JSONL, JSON array or CSV) or in-memory rows as a {@link DatasetSource}: rows are
 * mapped and validated exactly as {@link loadDataset} does, one at a time. JSONL and CSV files are read
 * in 1 MB pieces (CSV through csv-parse's streaming parser); a JSON file is parsed whole, since it is one
 * value. The file is not opened until `rows()` is read.
 *
 * @example
 * for await (const row of openDataset("eval.jsonl").rows()) if (row.problems) console.warn(row.problems);
 */
export function openDataset(
  source: string | readonly Record<string, unknown>[],
  options: Omit<LoadDatasetOptions, "strict"> = {},
): DatasetSource {
  const resolver = new ColumnResolver(options.columnMap);
  if (typeof source !== "string") {
    const raw = rawRowsOf(source);
    return {
      format: "rows",
      async *rows() {
        for (let i = 0; i < raw.length; i++) yield rowOutcome(raw[i]!, i, resolver, false, false);
      },
    };
  }
  const format = datasetFormat(source, options.format);
  return {
    file: source,
    format,
    async *rows() {
      let row = 0;
      for await (const raw of fileRows(source, format)) {
        yield rowOutcome(raw, row, resolver, format === "csv", true);
        row++;
      }
    },
  };
}

/**
 * A loaded {@link Dataset} as a {@link DatasetSource} (valid and invalid rows merged back in row order).
 *
 * @example
 * const source = datasetSource(loadDataset("eval.jsonl"));
 */
export function datasetSource(data: Dataset): DatasetSource {
  return {
    ...(data.file !== undefined ? { file: data.file } : {}),
    format: data.format,
    ...(data.shard !== undefined ? { shard: data.shard } : {}),
    totalRows: data.totalRows,
    async *rows() {
      const invalidByRow = new Map<number, InvalidRow[]>();
      for (const bad of data.invalid) invalidByRow.set(bad.row, [...(invalidByRow.get(bad.row) ?? []), bad]);
      const invalidRows = [...invalidByRow.keys()].sort((a, b) => a - b);
      let next = 0;
      for (const item of data.samples) {
        while (next < invalidRows.length && invalidRows[next]! < item.row) {
          const row = invalidRows[next++]!;
          yield { row, problems: invalidByRow.get(row)! };
        }
        yield { row: item.row, ...(item.line !== undefined ? { line: item.line } : {}), sample: item };
      }
      while (next < invalidRows.length) {
        const row = invalidRows[next++]!;
        yield { row, problems: invalidByRow.get(row)! };
      }
    },
  };
}

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

/**
 * One shard of a dataset read row by row: the same rows, row numbers and `datasetHash` as
 * {@link shardDataset} gives for the loaded dataset. Reads the source once more to hash every valid
 * row (the hash names the dataset in the shard's results file), holding one row at a time.
 *
 * @example
 * const scan = await scanDataset(source);
 * const part = await shardSource(source, scan, { index: 0, count: 4 });
 */
export async function shardSource(
  source: DatasetSource,
  scan: Pick<DatasetScan, "totalRows" | "invalid">,
  shard: ShardSpec,
  options: ShardDatasetOptions = {},
): Promise<DatasetSource & { shard: ShardInfo; validRows: number }> {
  checkShard(shard, "shard");
  // sha256 of canonicalJson({ invalid, rows: [[row, hash], ...], totalRows }), written piece by piece
  // in the order canonical JSON sorts the keys.
  const hash = createHash("sha256");
  hash.update(`{"invalid":${canonicalJson([...new Set(scan.invalid.map((bad) => bad.row))])},"rows":[`);
  let first = true;
  let validRows = 0;
  for await (const outcome of source.rows()) {
    if (outcome.sample === undefined) continue;
    const contentHash = canonicalHash(outcome.sample.sample);
    hash.update(`${first ? "" : ","}${canonicalJson([outcome.row, contentHash])}`);
    first = false;
    if (
      shardOfKey(keyOf(outcome.sample, contentHash, options.rowKey, source.file), shard.count) === shard.index
    ) {
      validRows++;
    }
  }
  hash.update(`],"totalRows":${canonicalJson(scan.totalRows)}}`);
  const info: ShardInfo = {
    index: shard.index,
    count: shard.count,
    ...(options.rowKey !== undefined ? { rowKey: options.rowKey } : {}),
    datasetHash: hash.digest("hex"),
  };
  return {
    ...(source.file !== undefined ? { file: source.file } : {}),
    format: source.format,
    shard: info,
    totalRows: scan.totalRows,
    validRows,
    async *rows() {
      for await (const outcome of source.rows()) {
        if (outcome.sample !== undefined) {
          const key = keyOf(
            outcome.sample,
            canonicalHash(outcome.sample.sample),
            options.rowKey,
            source.file,
          );
          if (shardOfKey(key, shard.count) !== shard.index) continue;
        }
        yield outcome;
      }
    },
  };
}
