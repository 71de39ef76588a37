// The example dataset in examples/ must hold the same rows in JSONL and CSV, with Ragas column names.
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

interface ExampleRow {
  user_input: string;
  response: string;
  retrieved_contexts: string[];
  reference: string;
  retrieved_context_ids: string[];
  reference_context_ids: string[];
  reference_contexts: string[];
  retrieved_documents: Array<{ id: string; content: string; meta: Record<string, unknown>; score: number }>;
  ground_truth_documents: Array<{ id: string; content: string; score: number }>;
}

/** Columns holding lists (JSON arrays in the CSV). */
const listColumns = [
  "retrieved_contexts",
  "retrieved_context_ids",
  "reference_context_ids",
  "reference_contexts",
  "retrieved_documents",
  "ground_truth_documents",
] as const;

const root = new URL("../examples/", import.meta.url);
const jsonl: ExampleRow[] = readFileSync(new URL("rag-eval.jsonl", root), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as ExampleRow);
const csvRecords: Array<Record<string, string>> = parse(readFileSync(new URL("rag-eval.csv", root), "utf8"), {
  columns: true,
  bom: true,
});

describe("examples/rag-eval", () => {
  it("has about 20 well-formed rows with the Ragas columns", () => {
    expect(jsonl).toHaveLength(20);
    for (const [i, row] of jsonl.entries()) {
      expect(Object.keys(row).sort(), `row ${i}`).toEqual([
        "ground_truth_documents",
        "reference",
        "reference_context_ids",
        "reference_contexts",
        "response",
        "retrieved_context_ids",
        "retrieved_contexts",
        "retrieved_documents",
        "user_input",
      ]);
      // ids, documents and contexts describe the same retrieval
      expect(
        row.retrieved_documents.map((d) => d.id),
        `row ${i} ids`,
      ).toEqual(row.retrieved_context_ids);
      expect(
        row.retrieved_documents.map((d) => d.content),
        `row ${i} documents`,
      ).toEqual(row.retrieved_contexts);
      expect(
        row.ground_truth_documents.map((d) => d.id),
        `row ${i} ground truth`,
      ).toEqual(row.reference_context_ids);
      expect(row.ground_truth_documents.map((d) => d.content)).toEqual(row.reference_contexts);
      for (const field of ["user_input", "response", "reference"] as const) {
        expect(row[field].trim().length, `row ${i} ${field}`).toBeGreaterThan(0);
      }
      expect(row.retrieved_contexts.length, `row ${i} contexts`).toBeGreaterThanOrEqual(2);
      for (const context of row.retrieved_contexts) expect(context.trim().length).toBeGreaterThan(0);
    }
    expect(new Set(jsonl.map((r) => r.user_input)).size).toBe(20);
  });

  it("holds the same rows in CSV, with list columns as JSON arrays", () => {
    expect(Object.keys(csvRecords[0]!)).toEqual([
      "user_input",
      "response",
      "retrieved_contexts",
      "reference",
      "retrieved_context_ids",
      "reference_context_ids",
      "reference_contexts",
      "retrieved_documents",
      "ground_truth_documents",
    ]);
    const fromCsv = csvRecords.map((r) => {
      const row: Record<string, unknown> = { ...r };
      for (const column of listColumns) row[column] = JSON.parse(r[column]!) as unknown;
      return row;
    });
    expect(fromCsv).toEqual(jsonl);
  });

  it("includes the deliberate flaws the README lists", () => {
    expect(jsonl[18]!.response).toBe("I don't know.");
    expect(jsonl[1]!.response).toContain("1900");
    expect(jsonl[1]!.retrieved_contexts.join(" ")).toContain("1889");
    expect(jsonl[14]!.response).toMatch(/depends on your use case/);
    expect(jsonl[17]!.retrieved_contexts).toHaveLength(3);
  });
});
