import type { z } from "zod";
import { keyIssue, pathText } from "../errors-zod.js";
import { builtInIdProblem, isBuiltInMetricId, metricDescriptors } from "../metrics/catalog.js";
import type { MetricDescriptor } from "../metrics/descriptor.js";
import { definedFields } from "../metrics/shared/judge/defined-fields.js";
import type { SampleField } from "../metrics/types.js";
import { metricFileProblem } from "./problem.js";
import { readMetricFileData } from "./read.js";

/** One metric a metric file defines, checked against its kind's descriptor; `createDefinedMetric` builds it. */
export interface MetricDefinition {
  /** The metric's id in results (`id` in the file). */
  readonly id: string;
  /** Its kind: the id of a metric whose descriptor is `definable`, e.g. `aspect_critic`. */
  readonly kind: string;
  /** The file and the entry's path, e.g. `quality.yaml: metrics[1]`. */
  readonly where: string;
  /** The entry's options as written, with `id` as `name`; the kind's descriptor parses them (defaults included) when the metric is built. */
  readonly options: Readonly<Record<string, unknown>>;
  /** The sample fields every scored row needs, known before any model loads (checked against a dataset's columns). */
  readonly fields: readonly SampleField[];
}

/** Options of {@link parseMetricFile}. */
export interface ParseMetricFileOptions {
  /**
   * Metric ids already in use, each with what uses it (e.g. `--metrics`, or an earlier file's entry), so an entry
   * of this file cannot reuse one. Defaults to none.
   */
  takenIds?: ReadonlyMap<string, string>;
}

/** The kinds a metric file may define: the catalog's descriptors with `definable`, by id, in catalog order. */
export const definableMetrics: ReadonlyMap<string, MetricDescriptor> = new Map(
  metricDescriptors.filter((d) => d.definable).map((d) => [d.id, d]),
);

/** The problem zod found in an entry, at its path in the file (`metrics[1].scale`) with what to do. */
function optionProblem(file: string, at: string, descriptor: MetricDescriptor, error: z.ZodError): never {
  const issue = keyIssue(error.issues[0]!);
  const [head, ...tail] = issue.path;
  const field = head === "name" ? "id" : head;
  const where = field === undefined ? at : `${at}.${pathText([field, ...tail])}`;
  const message =
    issue.code === "invalid_type" && issue.input === undefined
      ? `is missing (${descriptor.id} needs it)`
      : issue.code === "unrecognized_keys"
        ? `has unknown key(s) ${issue.keys.join(", ")} for kind ${descriptor.id}`
        : issue.message;
  metricFileProblem(file, where, message);
}

function parseEntry(file: string, at: string, entry: unknown): MetricDefinition {
  if (entry === null || typeof entry !== "object" || Array.isArray(entry)) {
    metricFileProblem(file, at, "must be a mapping with kind, id and the kind's options");
  }
  const { kind, id, ...rest } = entry as Record<string, unknown>;
  const kinds = [...definableMetrics.keys()].join(", ");
  if (kind === undefined) metricFileProblem(file, `${at}.kind`, `is missing; use one of ${kinds}`);
  const descriptor = typeof kind === "string" ? definableMetrics.get(kind) : undefined;
  if (descriptor === undefined) {
    metricFileProblem(file, `${at}.kind`, `"${String(kind)}" is not a known kind; use one of ${kinds}`);
  }
  const options = { ...rest, ...(id !== undefined ? { name: id } : {}) };
  const parsed = descriptor.options.safeParse(options);
  if (!parsed.success) optionProblem(file, at, descriptor, parsed.error);
  const data = parsed.data as Record<string, unknown>;
  if (isBuiltInMetricId(data.name as string)) {
    metricFileProblem(file, `${at}.id`, builtInIdProblem(data.name as string));
  }
  return {
    id: data.name as string,
    kind: descriptor.id,
    where: `${file}: ${at}`,
    options,
    fields: definedFields(descriptor, data),
  };
}

/**
 * Reads and checks a metric file (YAML, or JSON by extension) without building its metrics, so it can be
 * checked before any model loads: `{ metrics: [{ kind, id, ...options }] }`, each entry's options checked by its
 * kind's descriptor. A problem throws `InvalidInputError` naming the file, the path inside it
 * (`metrics[1].scale`) and what is wrong. Ids must be unique within the file and against `takenIds`.
 *
 * @example
 * const definitions = parseMetricFile("quality.yaml");
 * definitions.map((d) => d.fields); // [["userInput", "response"], ...]
 */
export function parseMetricFile(file: string, options: ParseMetricFileOptions = {}): MetricDefinition[] {
  const data = readMetricFileData(file);
  if (data === null || typeof data !== "object" || Array.isArray(data) || !("metrics" in data)) {
    metricFileProblem(
      file,
      "",
      "must be a mapping with a `metrics` list, e.g. metrics: [{ kind: aspect_critic, id: ..., definition: ... }]",
    );
  }
  const extra = Object.keys(data).filter((k) => k !== "metrics");
  if (extra.length > 0)
    metricFileProblem(file, extra[0]!, "is not a known key; the file holds only `metrics`");
  const entries = (data as { metrics: unknown }).metrics;
  if (!Array.isArray(entries) || entries.length === 0)
    metricFileProblem(file, "metrics", "must be a non-empty list");
  const seen = new Map(options.takenIds);
  return entries.map((entry: unknown, i: number) => {
    const at = `metrics[${i}]`;
    const definition = parseEntry(file, at, entry);
    const earlier = seen.get(definition.id);
    if (earlier !== undefined) {
      metricFileProblem(
        file,
        `${at}.id`,
        `"${definition.id}" is already used by ${earlier}; give each metric its own id`,
      );
    }
    seen.set(definition.id, definition.where);
    return definition;
  });
}
