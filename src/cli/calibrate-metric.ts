import { type ColumnPresence, checkRequiredColumns } from "../dataset/required.js";
import { InvalidInputError } from "../errors.js";
import type { MetricDefinition } from "../metric-file/definition.js";
import { createDefinedMetric } from "../metric-file/load.js";
import { metricDescriptor } from "../metrics/catalog.js";
import type { Metric, Sample, SampleField } from "../metrics/types.js";
import {
  createMetric,
  type MetricId,
  type MetricModels,
  modelNeeds,
  parseMetricIds,
} from "./metric-factory.js";
import { checkMetricFileColumns, parseMetricFiles } from "./metric-file.js";
import { type MetricOptionFlag, metricOptionsById } from "./metric-options.js";

/** The metric `calibrate` runs: a built-in one with its options, or a judge a `--metric-file` defines. */
export type CalibrationMetric =
  | { kind: "built-in"; id: MetricId; options: Record<string, unknown> }
  | { kind: "defined"; definition: MetricDefinition };

/** The flags of `calibrate` that choose its metric. */
export interface CalibrationMetricFlags {
  /** `--metric`: a built-in id or a `--metric-file` metric's id. */
  metric?: string;
  /** `--metric-file` (repeatable). Defaults to none. */
  metricFile: readonly string[];
  /** `--metric-option` (repeatable): options of the built-in metric. Defaults to none. */
  metricOption: readonly MetricOptionFlag[];
}

/** What a registry data set suggests: its metric and that metric's options for the set. */
export interface SetSuggestion {
  metric?: string;
  options?: Record<string, unknown>;
}

/**
 * Reads the `--metric-file` files and checks `--metric` against them and the catalog, before any data is read.
 * Returns the files' definitions.
 */
export function readCalibrationMetricFiles(flags: CalibrationMetricFlags): MetricDefinition[] {
  const definitions = parseMetricFiles(flags.metricFile, []);
  if (flags.metric !== undefined && !definitions.some((d) => d.id === flags.metric)) {
    parseMetricIds(flags.metric);
  }
  return definitions;
}

function pickName(
  flags: CalibrationMetricFlags,
  definitions: readonly MetricDefinition[],
  suggestion: SetSuggestion,
): string {
  if (flags.metric !== undefined) return flags.metric;
  if (definitions.length === 1) return definitions[0]!.id;
  if (definitions.length > 1) {
    throw new InvalidInputError(
      `the metric files define ${definitions.map((d) => d.id).join(", ")}; choose the one to calibrate with --metric <id>`,
    );
  }
  if (suggestion.metric !== undefined) return suggestion.metric;
  throw new InvalidInputError(
    "name the metric to calibrate with --metric <id>, or your own judge with --metric-file <file>",
  );
}

/**
 * Chooses the metric to calibrate: `--metric`, else the one judge of the `--metric-file` files, else the data set's
 * suggestion. A built-in metric's options are the set's own (for its suggested metric) plus `--metric-option`, checked
 * together against the metric's options: a judge you define that lacks its definition is a CLI message naming
 * `--metric-file` and the `--metric-option` flags, never a schema dump.
 *
 * @example
 * chooseCalibrationMetric({ metric: "faithfulness", metricFile: [], metricOption: [] }, [], {});
 * // { kind: "built-in", id: "faithfulness", options: {} }
 */
export function chooseCalibrationMetric(
  flags: CalibrationMetricFlags,
  definitions: readonly MetricDefinition[],
  suggestion: SetSuggestion,
): CalibrationMetric {
  const name = pickName(flags, definitions, suggestion);
  const definition = definitions.find((d) => d.id === name);
  const customIds = definitions.map((d) => d.id);
  if (definition !== undefined) {
    // A flag on a --metric-file metric is refused, naming the entry where the option goes.
    metricOptionsById(flags.metricOption, { requested: [], customIds, metricsFlag: "--metric" });
    return { kind: "defined", definition };
  }
  const [id] = parseMetricIds(name) as [MetricId];
  const given = new Map<string, Record<string, unknown>>();
  if (id === suggestion.metric && suggestion.options !== undefined) given.set(id, suggestion.options);
  const options = metricOptionsById(flags.metricOption, {
    requested: [id],
    customIds,
    metricsFlag: "--metric",
    given,
  });
  return { kind: "built-in", id, options: options.get(id) ?? {} };
}

/** The models the chosen metric needs. */
export function calibrationNeeds(choice: CalibrationMetric): { llm: boolean; embeddings: boolean } {
  return modelNeeds([choice.kind === "built-in" ? choice.id : choice.definition.kind]);
}

/** The chosen metric's id in results: the built-in id, or the defined judge's own id. */
export function calibrationMetricName(choice: CalibrationMetric): string {
  return choice.kind === "built-in" ? choice.id : choice.definition.id;
}

/**
 * Throws a CLI message (naming `--column`) when no labelled sample has a field the metric reads, before any model
 * loads.
 */
export function checkCalibrationColumns(
  choice: CalibrationMetric,
  samples: readonly Sample[],
  file: string | undefined,
): void {
  const fields = new Set<SampleField>();
  for (const sample of samples) {
    for (const [key, value] of Object.entries(sample))
      if (value !== undefined) fields.add(key as SampleField);
  }
  const presence: ColumnPresence = {
    fields,
    extraColumns: new Set(),
    ...(file !== undefined ? { file } : {}),
  };
  if (choice.kind === "defined") {
    checkMetricFileColumns(presence, [choice.definition]);
    return;
  }
  checkRequiredColumns(
    presence,
    [{ id: choice.id, requiredFields: metricDescriptor(choice.id).requiredFields }],
    {
      map: "--column <your column>=<field>",
      drop: "calibrate another metric with --metric",
    },
  );
}

/** Builds the chosen metric on these models. */
export function buildCalibrationMetric(choice: CalibrationMetric, models: MetricModels): Metric {
  return choice.kind === "built-in"
    ? createMetric(choice.id, models, choice.options)
    : createDefinedMetric(choice.definition, models);
}
