import { type ColumnPresence, ragasColumnName } from "../dataset/required.js";
import type { Dataset } from "../dataset/types.js";
import { InvalidInputError } from "../errors.js";
import { skippedMetric } from "../evaluate/skipped-metric.js";
import { type MetricDefinition, parseMetricFile } from "../metric-file/definition.js";
import { createDefinedMetric } from "../metric-file/load.js";
import type { Metric } from "../metrics/types.js";
import { type MetricModels, missingModelsReason } from "./metric-factory.js";

/**
 * Reads and checks every `--metric-file` before any model loads; ids must be unique across the files and
 * against `--metrics`.
 *
 * @example
 * const definitions = parseMetricFiles(["quality.yaml"], ["faithfulness"]);
 */
export function parseMetricFiles(files: readonly string[], requested: readonly string[]): MetricDefinition[] {
  const takenIds = new Map(requested.map((id) => [id, "--metrics"]));
  const out: MetricDefinition[] = [];
  for (const file of files) {
    for (const definition of parseMetricFile(file, { takenIds })) {
      takenIds.set(definition.id, definition.where);
      out.push(definition);
    }
  }
  return out;
}

/**
 * Throws `InvalidInputError` when a defined metric reads a field that no valid row of the dataset has, naming the
 * metric file entry and the column, before any model loads.
 */
export function checkMetricFileColumns(
  dataset: Dataset | ColumnPresence,
  definitions: readonly MetricDefinition[],
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

/** Builds the defined metrics; one whose kind needs a model that is missing becomes a skipped metric carrying the reason. */
export function createDefinedMetrics(
  definitions: readonly MetricDefinition[],
  models: MetricModels,
): Metric[] {
  return definitions.map((def) => {
    const missing = missingModelsReason(def.kind, models);
    return missing === undefined
      ? createDefinedMetric(def, { llm: models.llm, embeddings: models.embeddings })
      : skippedMetric(def.id, def.fields, missing);
  });
}
