import type { Embeddings } from "../embeddings/types.js";
import { InvalidInputError } from "../errors.js";
import { skippedMetric } from "../evaluate/skipped-metric.js";
import type { Llm } from "../llm/types.js";
import {
  createMetric as createCatalogMetric,
  metricDescriptor,
  metricDescriptorIds,
  metricDescriptors,
} from "../metrics/catalog.js";
import type { Metric } from "../metrics/types.js";

/** A metric id of the catalog, e.g. `faithfulness`. */
export type MetricId = string;

/** All metric ids the CLI knows, in display order (the catalog's). */
export const metricIds: readonly MetricId[] = metricDescriptorIds();

/**
 * The interval a metric's value lies in, for checking `--fail-under` bars (the descriptor's
 * `valueRange`); undefined when it depends on the metric's definition (a user's scale).
 */
export function metricRange(id: MetricId): readonly [min: number, max: number] | undefined {
  const range = metricDescriptor(id).valueRange;
  return range === null ? undefined : (range ?? [0, 1]);
}

/** Parses `--metrics a,b` into known ids; an unknown id is bad usage. */
export function parseMetricIds(list: string): MetricId[] {
  const ids = list
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (ids.length === 0)
    throw new InvalidInputError(`--metrics is empty; choose from ${metricIds.join(", ")}`);
  for (const id of ids) metricDescriptor(id);
  return [...new Set(ids)];
}

/** The models available to build metrics with, or why one is missing. */
export interface MetricModels {
  llm?: Llm;
  embeddings?: Embeddings;
  /** Why the judge is missing (names the `models pull` command). */
  llmMissing?: string;
  /** Why the embedder is missing. */
  embeddingsMissing?: string;
}

/** Why a metric cannot be built with these models (its missing models' reasons), or undefined when it can. */
export function missingModelsReason(id: MetricId, models: MetricModels): string | undefined {
  const needs = metricDescriptor(id);
  const reasons: string[] = [];
  if (needs.needsLlm && !models.llm) reasons.push(models.llmMissing ?? "no judge model was loaded");
  if (needs.needsEmbeddings && !models.embeddings) {
    reasons.push(models.embeddingsMissing ?? "no embedding model was loaded");
  }
  return reasons.length > 0 ? reasons.join("; ") : undefined;
}

/**
 * Builds a metric by id with its options (`--metric-option`, checked against its descriptor); a metric whose model
 * is missing becomes a skipped metric carrying the reason.
 */
export function createMetric(
  id: MetricId,
  models: MetricModels,
  options: Record<string, unknown> = {},
): Metric {
  const missing = missingModelsReason(id, models);
  if (missing !== undefined) return skippedMetric(metricDescriptor(id), missing);
  return createCatalogMetric(id, { llm: models.llm, embeddings: models.embeddings }, options);
}

/** The ids in the default set before the dataset is known: every metric that is not opt-in. */
export const defaultMetricIds: readonly MetricId[] = metricDescriptors
  .filter((d) => d.optIn !== true)
  .map((d) => d.id);

/** Which models a set of metrics needs. */
export function modelNeeds(ids: readonly MetricId[]): { llm: boolean; embeddings: boolean } {
  return {
    llm: ids.some((id) => metricDescriptor(id).needsLlm),
    embeddings: ids.some((id) => metricDescriptor(id).needsEmbeddings),
  };
}

/** True when the metric needs the model of that kind. */
export function needsModel(id: MetricId, kind: "llm" | "embeddings"): boolean {
  const descriptor = metricDescriptor(id);
  return kind === "llm" ? descriptor.needsLlm : descriptor.needsEmbeddings;
}
