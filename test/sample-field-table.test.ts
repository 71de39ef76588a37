// The one table of sample fields reaches everything that lists fields: the tests walk the table, so a field
// added to it is checked for column mapping, validation, the CSV report and the docs without a line here.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, describe, expect, it } from "vitest";
import { datasetsDocPath, withSampleFieldTable } from "../scripts/docs-sample-fields.js";
import { parseColumnMap } from "../src/cli/column-map.js";
import { defaultColumnAliases } from "../src/dataset/columns.js";
import { loadDataset } from "../src/dataset/load.js";
import { checkRequiredColumns } from "../src/dataset/required.js";
import type { Sample } from "../src/metrics/types.js";
import { toCsvReport } from "../src/report/csv.js";
import { toHtmlReport } from "../src/report/html.js";
import {
  columnName,
  type SampleField,
  type SampleFieldKind,
  sampleFieldSpec,
  sampleFields,
} from "../src/sample/field-table.js";
import { makeFixtureResult } from "./support/report-fixtures.js";

/** A valid value and a wrong one (with the words the row's problem must hold) of each kind. */
const examples: Record<SampleFieldKind, { valid: unknown; wrong: unknown; says: RegExp }> = {
  text: { valid: "What is the capital of France?", wrong: 42, says: /expected a string, got a number/ },
  textList: {
    valid: ["Paris is in France.", "Lyon too."],
    wrong: "one text",
    says: /expected a list of strings/,
  },
  textListMaybeEmpty: { valid: [], wrong: "one topic", says: /expected a list of strings/ },
  idList: { valid: ["doc-1", 7], wrong: [1.5], says: /expected a string or an integer id/ },
  documents: {
    valid: [{ content: "Paris", id: "d1", score: 1 }],
    wrong: ["Paris"],
    says: /expected a document object/,
  },
  rubric: {
    valid: { score1_description: "wrong", score5_description: "right" },
    wrong: ["wrong", "right"],
    says: /expected an object of level name to description, got a list/,
  },
  conversation: {
    valid: [
      { role: "user", content: "Weather in Oslo?" },
      { role: "assistant", content: "", toolCalls: [{ name: "weather", args: { city: "Oslo" } }] },
    ],
    wrong: "hello",
    says: /expected a list of messages, got a string/,
  },
  toolCalls: {
    valid: [{ name: "weather", args: { city: "Oslo" } }],
    wrong: "weather",
    says: /expected a list of tool calls/,
  },
  namedTexts: {
    valid: { model_a: "Paris.", model_b: "The capital is Paris." },
    wrong: "Paris.",
    says: /expected an object of name to text/,
  },
};

const example = (field: SampleField) => examples[sampleFieldSpec(field).kind];

/** Every name the table says a field is read under without a column map. */
function namesOf(field: SampleField): string[] {
  const spec = sampleFieldSpec(field);
  return [field, columnName(field), ...spec.haystack, ...spec.legacy];
}

const tmp = mkdtempSync(path.join(os.tmpdir(), "airgap-sample-fields-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let csvFiles = 0;

/** `text` written to a new CSV file; its path. */
function csvFile(text: string): string {
  const file = path.join(tmp, `${csvFiles++}.csv`);
  writeFileSync(file, text);
  return file;
}

/** A sample with every field of the table set to a valid value. */
function fullSample(): Sample {
  return Object.fromEntries(sampleFields.map((field) => [field, example(field).valid])) as Sample;
}

describe("the sample field table", () => {
  it("gives each name to one field only", () => {
    const owners = new Map<string, SampleField>();
    for (const field of sampleFields) {
      for (const name of new Set(namesOf(field))) {
        expect(owners.get(name), `${name} is read as ${owners.get(name)} and ${field}`).toBeUndefined();
        owners.set(name, field);
      }
    }
  });

  describe.each(sampleFields)("%s", (field) => {
    const { valid, wrong, says } = example(field);

    it.each(namesOf(field))("a column named %s is read as the field, its value checked", (name) => {
      expect(defaultColumnAliases[name]).toBe(field);
      const dataset = loadDataset([{ [name]: valid }, { [name]: wrong }]);
      // A bad value is an unreadable cell: the row is kept without the field, for metrics that do not read it.
      expect(dataset.samples.map((s) => s.sample)).toEqual([{ [field]: valid }, {}]);
      expect(dataset.invalid).toEqual([]);
      expect(dataset.badCells).toEqual([
        expect.objectContaining({
          row: 1,
          field: expect.stringMatching(new RegExp(`^${name}(\\[\\d+\\])?$`)),
          message: expect.stringMatching(says),
        }),
      ]);
    });

    it("a column map and --column may name it by column or camelCase name", () => {
      for (const target of [columnName(field), field]) {
        expect(parseColumnMap([`mine=${target}`])).toEqual({ mine: target });
        const dataset = loadDataset([{ mine: valid }], { columnMap: parseColumnMap([`mine=${target}`]) });
        expect(dataset.samples[0]?.sample).toEqual({ [field]: valid });
      }
    });

    it("a CSV dataset reads it from a cell", () => {
      const cell = typeof valid === "string" ? valid : JSON.stringify(valid);
      const csv = `${columnName(field)}\n"${cell.replaceAll('"', '""')}"\n`;
      const dataset = loadDataset(csvFile(csv));
      expect(dataset.invalid).toEqual([]);
      expect(dataset.samples[0]?.sample).toEqual({ [field]: valid });
    });

    it("a metric needing it names its column when no row has it", () => {
      expect(() => checkRequiredColumns([{}], [{ name: "needs_it", requiredFields: [field] }])).toThrow(
        `needs_it needs ${columnName(field)} (${field})`,
      );
    });
  });

  it("the CSV report has a column for every field a row has, ids and documents included, values as JSON", () => {
    const data = makeFixtureResult({ rows: 1, hostile: false });
    const sample = fullSample();
    for (const record of data.records) record.sample = sample;
    const [header, row] = parse(toCsvReport(data)) as string[][];
    const inputs = header!.slice(2, 2 + sampleFields.length);
    expect(inputs).toEqual(sampleFields.map(columnName));
    expect(inputs).toContain("retrieved_context_ids");
    expect(inputs).toContain("ground_truth_documents");
    sampleFields.forEach((field, i) => {
      const cell = row![2 + i]!;
      expect(typeof sample[field] === "string" ? cell : JSON.parse(cell)).toEqual(sample[field]);
    });
  });

  it("the HTML report's data names every field a row has, with its title and kind, for the row details", () => {
    const data = makeFixtureResult({ rows: 1, hostile: false });
    for (const record of data.records) record.sample = fullSample();
    const page = toHtmlReport(data);
    const json = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(page)![1]!;
    const payload = JSON.parse(json) as { fields: Array<{ key: string; label: string; kind: string }> };
    expect(payload.fields).toEqual(
      sampleFields.map((field) => ({
        key: field,
        label: sampleFieldSpec(field).label,
        kind: sampleFieldSpec(field).kind,
      })),
    );
  });

  it("the CSV report leaves out the fields no row has", () => {
    const data = makeFixtureResult({ rows: 1, hostile: false });
    for (const record of data.records) record.sample = { retrievedDocuments: [{ content: "Paris" }] };
    const [header] = parse(toCsvReport(data)) as string[][];
    expect(header!.slice(0, 3)).toEqual(["row", "row_hash", "retrieved_documents"]);
    expect(header).not.toContain("user_input");
  });

  it("docs/datasets.md's field table is what npm run docs:fields writes", () => {
    const doc = readFileSync(datasetsDocPath, "utf8");
    expect(withSampleFieldTable(doc)).toBe(doc);
  });
});
