import path from "node:path";
import { InvalidInputError } from "../errors.js";
import { readInputFile } from "../util/read-input.js";
import { ColumnResolver } from "./columns.js";
import { type RawRow, readCsv, readJsonArray, readJsonl } from "./readers.js";
import type {
  BadCell,
  Dataset,
  DatasetFormat,
  DatasetSample,
  InvalidRow,
  LoadDatasetOptions,
} from "./types.js";
import { decodeUtf8 } from "./utf8.js";
import { normalizeRow, type RowProblem } from "./validate.js";

function formatFromExtension(file: string): "jsonl" | "json" | "csv" {
  const ext = path.extname(file).toLowerCase();
  if (ext === ".jsonl" || ext === ".ndjson") return "jsonl";
  if (ext === ".json") return "json";
  if (ext === ".csv") return "csv";
  throw new InvalidInputError(
    `cannot tell the dataset format from the extension "${ext || "(none)"}"; use .jsonl, .json or .csv, or pass format`,
    { file },
  );
}

/** A row after validation: its sample, or the problems that keep it out. */
export type DatasetRowOutcome =
  | { row: number; line?: number; sample: DatasetSample; problems?: undefined }
  | { row: number; line?: number; sample?: undefined; problems: InvalidRow[] };

/** Maps and validates one raw row (0-based `row`); `keepLine` is false for in-memory rows. */
export function rowOutcome(
  raw: RawRow,
  row: number,
  resolver: ColumnResolver,
  fromCsv: boolean,
  keepLine: boolean,
): DatasetRowOutcome {
  const line = keepLine ? raw.line : undefined;
  const at = line !== undefined ? { line } : {};
  let problems: RowProblem[] = raw.problems;
  let normalized: ReturnType<typeof normalizeRow> | undefined;
  if (raw.values !== undefined) {
    normalized = normalizeRow(raw.values, resolver, fromCsv);
    if (normalized.problems.length > 0) problems = [...problems, ...normalized.problems];
  }
  if (problems.length > 0 || normalized === undefined) {
    return {
      row,
      ...at,
      problems: problems.map((p) => ({
        row,
        ...at,
        ...(p.field ? { field: p.field } : {}),
        message: p.message,
      })),
    };
  }
  const badCells: BadCell[] = normalized.badCells.map((cell) => ({ row, ...at, ...cell }));
  const sample: DatasetSample = { row, ...at, sample: normalized.sample, extra: normalized.extra };
  return { row, ...at, sample: badCells.length > 0 ? { ...sample, badCells } : sample };
}

/** The format of a dataset file: `format` when given, else its extension. */
export function datasetFormat(file: string, format: LoadDatasetOptions["format"]): "jsonl" | "json" | "csv" {
  return format ?? formatFromExtension(file);
}

/** In-memory rows as raw rows (anything but an object is a row problem). */
export function rawRowsOf(source: readonly unknown[]): RawRow[] {
  if (!Array.isArray(source)) {
    throw new InvalidInputError("expected a file path or an array of row objects as the dataset");
  }
  return source.map((value: unknown) => {
    const ok = value !== null && typeof value === "object" && !Array.isArray(value);
    return {
      line: 0,
      values: ok ? (value as Record<string, unknown>) : undefined,
      problems: ok ? [] : [{ message: "expected a row object" }],
    };
  });
}

/** Reads a whole dataset file (a regular file, bounded), naming the file when it is missing or unreadable. */
export function readFile(file: string): Buffer {
  return readInputFile(file, "dataset file");
}

/**
 * Loads a dataset from a JSONL, JSON-array or CSV file, or from rows in memory; maps Ragas, Haystack, DeepEval and
 * camelCase column names (or your `columnMap`) to sample fields; and validates every row with zod.
 * Invalid rows are listed in `invalid` with their row, line, field and problem, and left out of `samples`;
 * a cell that cannot be read (e.g. a `retrieved_contexts` cell that is no list) is listed in `badCells` and
 * its row kept without that field, so metrics that do not read it still score the row. With `strict` the
 * first invalid row or bad cell throws an `InvalidInputError` instead.
 *
 * @example
 * const { samples, invalid } = loadDataset("eval.csv", { columnMap: { question_text: "user_input" } });
 * for (const bad of invalid) console.warn(`line ${bad.line}, ${bad.field}: ${bad.message}`);
 */
export function loadDataset(
  source: string | readonly Record<string, unknown>[],
  options: LoadDatasetOptions = {},
): Dataset {
  const resolver = new ColumnResolver(options.columnMap, options.candidateColumns);
  let rawRows: RawRow[];
  let format: DatasetFormat;
  let file: string | undefined;
  if (typeof source === "string") {
    file = source;
    format = datasetFormat(source, options.format);
    const bytes = readFile(source);
    if (format === "jsonl") rawRows = readJsonl(bytes, file);
    else if (format === "json") rawRows = readJsonArray(decodeUtf8(bytes), file);
    else rawRows = readCsv(bytes, file);
  } else {
    format = "rows";
    rawRows = rawRowsOf(source);
  }
  if (rawRows.length === 0) {
    throw new InvalidInputError("the dataset has no data rows", { file });
  }

  const samples: DatasetSample[] = [];
  const invalid: InvalidRow[] = [];
  const badCells: BadCell[] = [];
  const fromCsv = format === "csv";
  rawRows.forEach((raw, row) => {
    const outcome = rowOutcome(raw, row, resolver, fromCsv, format !== "rows");
    if (outcome.sample === undefined) invalid.push(...outcome.problems);
    else {
      samples.push(outcome.sample);
      badCells.push(...(outcome.sample.badCells ?? []));
    }
  });

  const dataset: Dataset = {
    samples,
    invalid,
    badCells,
    totalRows: rawRows.length,
    format,
    ...(file ? { file } : {}),
  };
  if (options.strict) assertNoInvalidRows(dataset);
  return dataset;
}

/**
 * Throws an `InvalidInputError` naming the first invalid row or unreadable cell (and how many more rows
 * there are) when the dataset has any; used for `strict` runs.
 *
 * @example
 * assertNoInvalidRows(loadDataset("eval.jsonl"));
 */
export function assertNoInvalidRows(dataset: Pick<Dataset, "invalid" | "file" | "badCells">): void {
  const all = [...dataset.invalid, ...(dataset.badCells ?? [])].sort((a, b) => a.row - b.row);
  const first = all[0];
  if (first === undefined) return;
  const rows = new Set(all.map((i) => i.row)).size;
  const more = rows > 1 ? ` (${rows} invalid rows in all; fix them or run without strict to skip them)` : "";
  throw new InvalidInputError(`${first.message}${more}`, {
    file: dataset.file,
    line: first.line,
    row: first.row,
    field: first.field,
  });
}
