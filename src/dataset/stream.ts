// Datasets read row by row: a file is read in 1 MB pieces and each row is validated as it comes, so
// memory does not grow with the file. A JSON file (one array) is the exception: it is parsed whole.

import { open } from "node:fs/promises";
import { InvalidInputError } from "../errors.js";
import type { ShardInfo } from "../results/types.js";
import { existingRegularFile } from "../util/read-input.js";
import { ColumnResolver } from "./columns.js";
import { type DatasetRowOutcome, datasetFormat, rawRowsOf, readFile, rowOutcome } from "./load.js";
import { CsvReader, JsonlReader, type RawRow, type RowReader, readJsonArray } from "./readers.js";
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
  existingRegularFile(file, "dataset file");
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, "r");
  } catch {
    readFile(file); // throws the same error as a whole-file read
    throw new InvalidInputError("dataset file cannot be read; check the path", { file });
  }
  const reader: RowReader = format === "jsonl" ? new JsonlReader(file) : new CsvReader(file);
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
  const resolver = new ColumnResolver(options.columnMap, options.candidateColumns);
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
