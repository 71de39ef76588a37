// Writes the README's metric table from the metric descriptors (src/metrics/catalog.ts), between the
// markers <!-- metrics:start --> and <!-- metrics:end -->. Run with `npm run docs:metrics`; a test
// fails when the README's table differs from what this would write.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ragasColumnName } from "../src/dataset/required.js";
import { metricClasses, metricDescriptors } from "../src/metrics/catalog.js";
import type { MetricDescriptor } from "../src/metrics/descriptor.js";
import { rewriteDoc, withGeneratedBlock } from "./doc-markers.js";

const code = (name: string): string => `\`${name}\``;

/** One table row: id, Ragas-style class (the catalog's class), Haystack-style evaluator, needs, what it computes. */
export function metricRow(d: MetricDescriptor): string {
  const s = d.surfaces ?? {};
  const aliases = s.ragasAliases?.length ? ` (alias ${s.ragasAliases.map(code).join(", ")})` : "";
  const metricClass = metricClasses.find((c) => c.descriptor === d);
  const ragas = metricClass ? `${code(metricClass.name)}${aliases}` : "–";
  const haystack = s.haystack ? code(s.haystack) : "–";
  const models = [
    d.needsLlm ? "judge" : "",
    d.needsEmbeddings ? "embeddings" : "",
    d.needsVerifier ? "verifier" : "",
  ].filter((m) => m !== "");
  const needs = [models.join(" + "), d.requiredFields.map(ragasColumnName).map(code).join(", ")]
    .filter((p) => p !== "")
    .join("; ");
  const id = `${code(d.id)}${d.optIn ? " (opt-in)" : ""}`;
  return `| ${id} | ${ragas} | ${haystack} | ${needs} | ${d.description.replaceAll("|", "\\|")} |`;
}

/** The whole table, header included. */
export function metricTable(descriptors: readonly MetricDescriptor[] = metricDescriptors): string {
  return [
    "| metric id | class (Ragas style) | evaluator (Haystack style) | needs | what it computes |",
    "| --- | --- | --- | --- | --- |",
    ...descriptors.map(metricRow),
  ].join("\n");
}

/** `readme` with the text between the markers replaced by the table; throws when a marker is missing. */
export function withMetricTable(readme: string, table: string = metricTable()): string {
  return withGeneratedBlock(readme, "metrics", table, "README.md");
}

/** The README this script writes to. */
export const readmePath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "README.md");

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  rewriteDoc(readmePath, "README.md metric table", (text) => withMetricTable(text));
}
