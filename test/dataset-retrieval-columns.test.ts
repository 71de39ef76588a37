import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkRequiredColumns, loadDataset } from "../src/dataset/index.js";
import { IDBasedContextPrecision } from "../src/metrics/id-based-context-precision/metric.js";

const tmp = mkdtempSync(path.join(os.tmpdir(), "airgap-retrieval-columns-"));
const write = (name: string, content: string): string => {
  const file = path.join(tmp, name);
  writeFileSync(file, content);
  return file;
};

const row = {
  user_input: "q",
  response: "r",
  retrieved_context_ids: ["doc_1", 2],
  reference_context_ids: ["doc_1"],
  retrieved_documents: [{ content: "A", id: "doc_1", meta: { file_id: "f1" }, score: 0.9, embedding: [0.1] }],
  ground_truth_documents: [{ content: "A", score: 2 }],
};
const expectedSample = {
  userInput: "q",
  response: "r",
  retrievedContextIds: ["doc_1", 2],
  referenceContextIds: ["doc_1"],
  retrievedDocuments: [{ content: "A", id: "doc_1", meta: { file_id: "f1" }, score: 0.9 }],
  groundTruthDocuments: [{ content: "A", score: 2 }],
};

describe("dataset columns for ids and documents", () => {
  it("reads them from JSONL and JSON under Ragas and Haystack names, dropping unknown document keys", () => {
    for (const file of [
      write("a.jsonl", `${JSON.stringify(row)}\n`),
      write("a.json", JSON.stringify([row])),
    ]) {
      const ds = loadDataset(file);
      expect(ds.invalid).toEqual([]);
      expect(ds.samples[0]!.sample).toEqual(expectedSample);
    }
  });

  it("reads camelCase names and accepts empty lists (an empty retrieval is a result)", () => {
    const ds = loadDataset([
      { retrievedContextIds: [], referenceContextIds: [3], retrievedDocuments: [], groundTruthDocuments: [] },
    ]);
    expect(ds.invalid).toEqual([]);
    expect(ds.samples[0]!.sample).toEqual({
      retrievedContextIds: [],
      referenceContextIds: [3],
      retrievedDocuments: [],
      groundTruthDocuments: [],
    });
  });

  it("reads list cells in CSV as JSON or Python lists", () => {
    const csv = [
      "response,retrieved_context_ids,reference_context_ids,retrieved_documents,ground_truth_documents",
      `r,"['doc_1', 'doc_2']","[""doc_1""]","[{""content"": ""A"", ""id"": ""doc_1""}]","[{""content"": ""A""}]"`,
    ].join("\n");
    const ds = loadDataset(write("a.csv", csv));
    expect(ds.invalid).toEqual([]);
    expect(ds.samples[0]!.sample).toEqual({
      response: "r",
      retrievedContextIds: ["doc_1", "doc_2"],
      referenceContextIds: ["doc_1"],
      retrievedDocuments: [{ content: "A", id: "doc_1" }],
      groundTruthDocuments: [{ content: "A" }],
    });
  });

  it("names the row and the field of a bad value", () => {
    const lines = [
      { retrieved_context_ids: ["a", 1.5] },
      { retrieved_documents: [{ content: "A" }, { content: "B", score: "high" }] },
      { ground_truth_documents: "doc_1" },
      { reference_context_ids: [{ id: "x" }] },
      { retrieved_documents: [{ meta: ["not", "an", "object"] }] },
    ];
    const ds = loadDataset(write("bad.jsonl", lines.map((l) => JSON.stringify(l)).join("\n")));
    // Each bad value is an unreadable cell: the row stays, without that field.
    expect(ds.samples.map((s) => s.sample)).toEqual([{}, {}, {}, {}, {}]);
    const cells = ds.badCells ?? [];
    expect(cells.map((p) => [p.row, p.field])).toEqual([
      [0, "retrieved_context_ids[1]"],
      [1, "retrieved_documents[1].score"],
      [2, "ground_truth_documents"],
      [3, "reference_context_ids[0]"],
      [4, "retrieved_documents[0].meta"],
    ]);
    expect(cells[1]!.message).toMatch(/number/);
    expect(cells[2]!.message).toMatch(/list of document objects, got a string/);
  });

  it("checks required columns with the Ragas names", () => {
    expect(() => checkRequiredColumns([{ response: "r" }], [new IDBasedContextPrecision()])).toThrow(
      /retrieved_context_ids \(retrievedContextIds\), reference_context_ids/,
    );
  });

  it("maps custom column names to the new fields", () => {
    const ds = loadDataset([{ hits: ["a"], gold: ["a"] }], {
      columnMap: { hits: "retrieved_context_ids", gold: "referenceContextIds" },
    });
    expect(ds.samples[0]!.sample).toEqual({ retrievedContextIds: ["a"], referenceContextIds: ["a"] });
  });
});
