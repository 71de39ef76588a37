import { InvalidInputError } from "../errors.js";
import { createMetric } from "../metrics/catalog.js";
import type { MetricModels } from "../metrics/descriptor.js";
import type { Metric } from "../metrics/types.js";
import { type MetricDefinition, type ParseMetricFileOptions, parseMetricFile } from "./definition.js";

/**
 * Builds the metric a metric file entry defines, with the models its kind needs (a judge for the custom judges).
 * A missing model or an option the judge cannot serve (e.g. `confidence: true` on a judge without verdict
 * probabilities) throws `InvalidInputError` naming the entry.
 *
 * @example
 * const metrics = parseMetricFile("quality.yaml").map((d) => createDefinedMetric(d, { llm }));
 */
export function createDefinedMetric(definition: MetricDefinition, models: MetricModels): Metric {
  try {
    return createMetric(definition.kind, models, definition.options);
  } catch (err) {
    if (!(err instanceof InvalidInputError)) throw err;
    throw new InvalidInputError(
      `metric file ${definition.where} (${definition.id}): ${err.message}`,
      {},
      { cause: err },
    );
  }
}

/**
 * Reads a metric file (YAML, or JSON by extension) and builds its metrics with `models`: the custom judges
 * (`aspect_critic`, `g_eval`, ...) defined in a file, as `eval --metric-file` runs them. A problem in the file
 * throws `InvalidInputError` naming the file, the path inside it and what is wrong; see `parseMetricFile` to
 * check a file before the models load.
 *
 * @example
 * const metrics = loadMetricFile("examples/quality.yaml", { llm });
 * const result = await evaluate(dataset, metrics);
 */
export function loadMetricFile(
  file: string,
  models: MetricModels,
  options: ParseMetricFileOptions = {},
): Metric[] {
  return parseMetricFile(file, options).map((definition) => createDefinedMetric(definition, models));
}
