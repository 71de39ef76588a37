import type { ModelProvenance } from "../provenance.js";
import { canonicalHash } from "../util/hash.js";

/** Cache namespaces: what kind of value a key holds. */
export const cacheNamespaces = {
  llm: "llm",
  embedding: "embedding",
  metricResult: "metric-result",
  /** What a model is (provenance, dimensions), remembered from its last load so a rerun can skip loading it. */
  modelIdentity: "model-identity",
} as const;

/** sha256 (hex) of the canonical JSON of `parts`: a cache key. */
export function cacheKey(parts: unknown): string {
  return canonicalHash(parts);
}

/**
 * The digest that identifies a model's outputs in cache keys: over all its files (`filesSha256`) for a model
 * directory, else its model file's sha256 when provenance knows it; a model without one is never cached.
 */
export function modelSha256(provenance: ModelProvenance): string | undefined {
  const sha = provenance.filesSha256 ?? provenance.sha256;
  return typeof sha === "string" && sha.length > 0 ? sha : undefined;
}
