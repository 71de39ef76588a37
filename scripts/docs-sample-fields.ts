// Writes the sample field table of docs/datasets.md from the one table of sample fields
// (src/sample/field-table.ts), between <!-- sample-fields:start --> and
// <!-- sample-fields:end -->. Run with `npm run docs:fields`; a test fails when the docs differ.
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  columnName,
  kindDescriptions,
  type SampleField,
  sampleFieldSpec,
  sampleFields,
} from "../src/sample/field-table.js";
import { rewriteDoc, withGeneratedBlock } from "./doc-markers.js";

const code = (name: string): string => `\`${name}\``;

/** One table row: column name, camelCase name, other names read, value, what it holds. */
export function sampleFieldRow(field: SampleField): string {
  const spec = sampleFieldSpec(field);
  const column = columnName(field);
  const otherNames = [...spec.haystack, ...spec.deepeval, ...spec.legacy].filter((name) => name !== column);
  const cells = [
    code(column),
    code(field),
    otherNames.length > 0 ? otherNames.map(code).join(", ") : "–",
    kindDescriptions[spec.kind],
    spec.what,
  ];
  return `| ${cells.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`;
}

/** The whole table, header included. */
export function sampleFieldTableMarkdown(): string {
  return [
    "| column | camelCase | also read as | value | holds |",
    "| --- | --- | --- | --- | --- |",
    ...sampleFields.map(sampleFieldRow),
  ].join("\n");
}

/** The document this script writes to. */
export const datasetsDocPath = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "docs",
  "datasets.md",
);

/** `doc` with its sample field table replaced by the one the table gives. */
export function withSampleFieldTable(doc: string): string {
  return withGeneratedBlock(doc, "sample-fields", sampleFieldTableMarkdown(), "docs/datasets.md");
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  rewriteDoc(datasetsDocPath, "docs/datasets.md sample field table", (text) => withSampleFieldTable(text));
}
