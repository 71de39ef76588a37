/**
 * Rows of the example dataset for the bench, optionally repeated with a marker on every text so
 * each copy is a distinct row (no memo or cache can answer a copy from another).
 *
 * @example
 * const rows = benchRows({ copies: 2, tag: "run1" }); // 40 distinct rows
 */
import { readFileSync } from "node:fs";
import { exampleDataset } from "./models.js";

/** One row in Ragas column names, as in examples/rag-eval.jsonl. */
export interface RagRow {
  user_input: string;
  response: string;
  retrieved_contexts: string[];
  reference?: string;
}

/** The rows of a JSONL file (examples/rag-eval.jsonl by default). */
export function exampleRows(file: string = exampleDataset): RagRow[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as RagRow);
}

/** Options of {@link benchRows}. */
export interface BenchRowsOptions {
  /** How many times the example rows are repeated. Defaults to 1. */
  copies?: number;
  /** Marker appended to every text (with the copy number), so rows differ between runs; "" with one copy keeps the rows as they are. Defaults to "". */
  tag?: string;
  /** Rows taken from the file (from the start). Defaults to all. */
  limit?: number;
  /** Give every copy of a row the same marker (`tag` alone), so the copies are exact duplicates. Defaults to false. */
  duplicates?: boolean;
}

/** The example rows, repeated and marked as asked. */
export function benchRows(options: BenchRowsOptions = {}): RagRow[] {
  const base = exampleRows().slice(0, options.limit);
  const copies = options.copies ?? 1;
  const tag = options.tag ?? "";
  const out: RagRow[] = [];
  for (let copy = 0; copy < copies; copy++) {
    for (const row of base) {
      if (tag === "" && (copies === 1 || options.duplicates)) {
        out.push(row);
        continue;
      }
      const mark = options.duplicates ? ` (${tag})` : ` (${tag}${copy})`;
      out.push({
        ...row,
        user_input: row.user_input + mark,
        response: row.response + mark,
        retrieved_contexts: row.retrieved_contexts.map((c) => c + mark),
        ...(row.reference !== undefined ? { reference: row.reference + mark } : {}),
      });
    }
  }
  return out;
}
