import { createHash } from "node:crypto";
import type { ModelProvenance } from "../provenance.js";

/** Cache namespaces: what kind of value a key holds. */
export const cacheNamespaces = {
  llm: "llm",
  embedding: "embedding",
  metricResult: "metric-result",
} as const;

/** Keys sorted at every level, undefined dropped: equal values give equal text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = canonical(v);
    }
    return out;
  }
  return value;
}

/** sha256 (hex) of the canonical JSON of `parts`: a cache key. */
export function cacheKey(parts: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(canonical(parts)) ?? "null")
    .digest("hex");
}

/** The model's file sha256 when provenance knows it; a model without one is never cached. */
export function modelSha256(provenance: ModelProvenance): string | undefined {
  const sha = provenance.sha256;
  return typeof sha === "string" && sha.length > 0 ? sha : undefined;
}
