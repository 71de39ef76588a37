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
import { builtInValueRange } from "../results/value-range.js";
import { verifierSourceOf } from "./eval-verifiers.js";

/** A metric id of the catalog, e.g. `faithfulness`. */
export type MetricId = string;

/** All metric ids the CLI knows, in display order (the catalog's). */
export const metricIds: readonly MetricId[] = metricDescriptorIds();

/**
 * The interval a metric's value lies in, for checking `--fail-under` bars and `--fail-on-drop` limits (the
 * descriptor's `valueRange`); undefined when it depends on the metric's definition (a user's scale) or the id is
 * not in the catalog (a metric file's judge).
 */
export function metricRange(id: MetricId): readonly [min: number, max: number] | undefined {
  return builtInValueRange(id);
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

/** Which models are here (loaded, or found on disk), or why one is missing. */
export interface ModelPresence {
  llm?: unknown;
  embeddings?: unknown;
  /** Why the judge is missing (names the `models pull` command). */
  llmMissing?: string;
  /** Why the embedder is missing. */
  embeddingsMissing?: string;
  /** Why a default verifier is missing, by its models.json id. */
  verifiersMissing?: ReadonlyMap<string, string>;
}

/** The models available to build metrics with, or why one is missing. */
export interface MetricModels extends ModelPresence {
  llm?: Llm;
  embeddings?: Embeddings;
}

/**
 * Why a metric cannot be built with these models (its missing models' reasons), or undefined when it can. `options`
 * are the metric's (`--metric-option`): they say which verifier a verifier metric loads.
 */
export function missingModelsReason(
  id: MetricId,
  models: ModelPresence,
  options?: Record<string, unknown>,
): string | undefined {
  const needs = metricDescriptor(id);
  const reasons: string[] = [];
  if (needs.needsLlm && !models.llm) reasons.push(models.llmMissing ?? "no judge model was loaded");
  if (needs.needsEmbeddings && !models.embeddings) {
    reasons.push(models.embeddingsMissing ?? "no embedding model was loaded");
  }
  const verifier = verifierSourceOf(id, options);
  const verifierMissing = verifier === undefined ? undefined : models.verifiersMissing?.get(verifier);
  if (verifierMissing !== undefined) reasons.push(verifierMissing);
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
  const missing = missingModelsReason(id, models, options);
  if (missing !== undefined) return skippedMetric(metricDescriptor(id), missing);
  return createCatalogMetric(id, { llm: models.llm, embeddings: models.embeddings }, options);
}

/** The ids in the default set before the dataset is known: every metric that is not opt-in. */
export const defaultMetricIds: readonly MetricId[] = metricDescriptors
  .filter((d) => d.optIn !== true)
  .map((d) => d.id);

/** True when the metric needs a model file on this machine: a judge, an embedder or a verifier. */
export function needsLocalModel(id: MetricId): boolean {
  const d = metricDescriptor(id);
  return d.needsLlm || d.needsEmbeddings || (d.needsVerifier?.length ?? 0) > 0;
}

/** Which models a set of metrics needs. */
export function modelNeeds(ids: readonly MetricId[]): { llm: boolean; embeddings: boolean } {
  return {
    llm: ids.some((id) => metricDescriptor(id).needsLlm),
    embeddings: ids.some((id) => metricDescriptor(id).needsEmbeddings),
  };
}

/**
 * True when the metric needs the model of that kind (for a verifier, the one `source` names, as the metric's
 * `options` choose it).
 */
export function needsModel(
  id: MetricId,
  model: { kind: "llm" | "embeddings" | "verifier"; source?: string },
  options?: Record<string, unknown>,
): boolean {
  const descriptor = metricDescriptor(id);
  if (model.kind === "verifier") return verifierSourceOf(id, options) === model.source;
  return model.kind === "llm" ? descriptor.needsLlm : descriptor.needsEmbeddings;
}
