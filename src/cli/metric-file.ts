import { readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import type { z } from "zod";
import { type ColumnPresence, ragasColumnName } from "../dataset/required.js";
import type { Dataset } from "../dataset/types.js";
import { InvalidInputError } from "../errors.js";
import { skippedMetric } from "../evaluate/skipped-metric.js";
import { createMetric, metricDescriptors } from "../metrics/catalog.js";
import type { MetricDescriptor } from "../metrics/descriptor.js";
import type { Metric, SampleField } from "../metrics/types.js";
import type { MetricModels } from "./metric-factory.js";

/** The ids of the metric kinds a metric file may define (user-defined judges). */
const CUSTOM_KINDS = [
  "aspect_critic",
  "rubrics_score",
  "instance_rubrics",
  "simple_criteria",
  "g_eval",
  "llm_evaluator",
];

/** The kinds a metric file may define, by id: their descriptors from the catalog. */
export const customMetricKinds: Readonly<Record<string, MetricDescriptor>> = Object.fromEntries(
  metricDescriptors.filter((d) => CUSTOM_KINDS.includes(d.id)).map((d) => [d.id, d]),
);

/** One metric defined in a metric file, validated. */
export interface CustomMetricDefinition {
  /** The metric's id in results (`id` in the file). */
  id: string;
  /** Its kind, e.g. `aspect_critic`. */
  kind: string;
  /** The file and the entry's path, e.g. `quality.yaml: metrics[1]`. */
  where: string;
  /** Options parsed by the kind's descriptor (with defaults). */
  options: Record<string, unknown>;
  /** Sample fields every scored row needs. */
  fields: SampleField[];
}

function fail(file: string, at: string, problem: string): never {
  // The message names the file itself (a `file` location would print it twice).
  throw new InvalidInputError(`metric file ${file}: ${at === "" ? "" : `${at}: `}${problem}`);
}

function pathText(parts: ReadonlyArray<PropertyKey>): string {
  return parts
    .map((p, i) => (typeof p === "number" ? `[${p}]` : `${i === 0 ? "" : "."}${String(p)}`))
    .join("");
}

function readMetricFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    fail(
      file,
      "",
      code === "ENOENT" ? "does not exist; check the path" : `cannot be read (${code ?? String(err)})`,
    );
  }
  if (path.extname(file).toLowerCase() === ".json") {
    try {
      return JSON.parse(text);
    } catch (err) {
      fail(file, "", `is not valid JSON: ${(err as Error).message}`);
    }
  }
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  const error = doc.errors[0];
  if (error !== undefined) {
    const pos = error.linePos?.[0];
    const where = pos ? `line ${pos.line}, column ${pos.col}` : "";
    const message = error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
    fail(file, where, `is not valid YAML: ${message}`);
  }
  return doc.toJS();
}

/** The sample fields a definition's metric reads, without building it. */
function fieldsOf(
  kind: string,
  options: Record<string, unknown>,
  descriptor: MetricDescriptor,
): SampleField[] {
  if (kind === "llm_evaluator")
    return [...new Set(Object.values(options.inputs as Record<string, SampleField>))];
  const inputs = options.inputs as SampleField[] | undefined;
  if (kind === "rubrics_score" && inputs === undefined && options.withReference === true) {
    return ["userInput", "response", "reference"];
  }
  if (kind === "instance_rubrics") return [...(inputs ?? ["userInput", "response"]), "rubrics"];
  return [...(inputs ?? descriptor.requiredFields)];
}

/**
 * Reads and validates metric files (YAML, or JSON by extension): `{ metrics: [{ kind, id, ...options }] }`, each
 * entry's options checked by its kind's zod schema. A problem throws `InvalidInputError` naming the file, the
 * path inside it (`metrics[1].scale`) and what is wrong. Ids must be unique across files and `takenIds`.
 *
 * @example
 * const definitions = loadMetricFiles(["quality.yaml"], ["faithfulness"]);
 */
export function loadMetricFiles(
  files: readonly string[],
  takenIds: readonly string[],
): CustomMetricDefinition[] {
  const seen = new Map<string, string>(takenIds.map((id) => [id, "--metrics"]));
  const out: CustomMetricDefinition[] = [];
  for (const file of files) {
    const data = readMetricFile(file);
    if (data === null || typeof data !== "object" || Array.isArray(data) || !("metrics" in data)) {
      fail(
        file,
        "",
        "must be a mapping with a `metrics` list, e.g. metrics: [{ kind: aspect_critic, id: ..., definition: ... }]",
      );
    }
    const extra = Object.keys(data).filter((k) => k !== "metrics");
    if (extra.length > 0) fail(file, extra[0]!, "is not a known key; the file holds only `metrics`");
    const entries = (data as { metrics: unknown }).metrics;
    if (!Array.isArray(entries) || entries.length === 0) fail(file, "metrics", "must be a non-empty list");
    entries.forEach((entry: unknown, i: number) => {
      const at = `metrics[${i}]`;
      if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
        fail(file, at, "must be a mapping with kind, id and the kind's options");
      }
      const { kind, id, ...rest } = entry as Record<string, unknown>;
      const kinds = Object.keys(customMetricKinds).join(", ");
      if (kind === undefined) fail(file, `${at}.kind`, `is missing; use one of ${kinds}`);
      const descriptor = typeof kind === "string" ? customMetricKinds[kind] : undefined;
      if (descriptor === undefined)
        fail(file, `${at}.kind`, `"${String(kind)}" is not a known kind; use one of ${kinds}`);
      const parsed = (descriptor.options as z.ZodType<Record<string, unknown>>).safeParse({
        ...rest,
        ...(id !== undefined ? { name: id } : {}),
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const [head, ...tail] = issue.path;
        const field = head === "name" ? "id" : head;
        const where = field === undefined ? at : `${at}.${pathText([field, ...tail])}`;
        const message =
          issue.code === "invalid_type" && issue.input === undefined
            ? `is missing (${descriptor.id} needs it)`
            : issue.code === "unrecognized_keys"
              ? `has unknown key(s) ${issue.keys.join(", ")} for kind ${descriptor.id}`
              : issue.message;
        fail(file, where, message);
      }
      const metricId = parsed.data.name as string;
      const earlier = seen.get(metricId);
      if (earlier !== undefined)
        fail(file, `${at}.id`, `"${metricId}" is already used by ${earlier}; give each metric its own id`);
      seen.set(metricId, `${file} ${at}`);
      out.push({
        id: metricId,
        kind: descriptor.id,
        where: `${file}: ${at}`,
        options: parsed.data,
        fields: fieldsOf(descriptor.id, parsed.data, descriptor),
      });
    });
  }
  return out;
}

/**
 * Throws `InvalidInputError` when a defined metric reads a field that no valid row of the dataset has, naming the
 * metric file entry and the column, before any model loads.
 */
export function checkMetricFileColumns(
  dataset: Dataset | ColumnPresence,
  definitions: readonly CustomMetricDefinition[],
): void {
  const present = new Set<string>();
  if ("fields" in dataset) for (const field of dataset.fields) present.add(field);
  else {
    for (const item of dataset.samples) {
      for (const [key, value] of Object.entries(item.sample)) if (value !== undefined) present.add(key);
    }
  }
  for (const def of definitions) {
    const missing = def.fields.find((f) => !present.has(f));
    if (missing !== undefined) {
      const column = ragasColumnName(missing);
      throw new InvalidInputError(
        `metric file ${def.where} (${def.id}) reads the column ${column}, which no valid row of the dataset has; add the column, map yours to it with --column, or change the metric's inputs`,
        { file: dataset.file },
      );
    }
  }
}

/** Builds the defined metrics; without a judge each becomes a skipped metric carrying the reason. */
export function createCustomMetrics(
  definitions: readonly CustomMetricDefinition[],
  models: MetricModels,
): Metric[] {
  return definitions.map((def) =>
    models.llm === undefined
      ? skippedMetric(def.id, def.fields, models.llmMissing ?? "no judge model was loaded")
      : createMetric(def.kind, { llm: models.llm }, def.options),
  );
}
