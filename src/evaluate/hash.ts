import { createHash } from "node:crypto";
import type { MetricConfig, Sample } from "../metrics/types.js";
import type { ModelProvenance } from "../provenance.js";

/**
 * JSON with object keys sorted at every level and `undefined` members dropped, so equal values
 * always give equal text (and equal hashes).
 *
 * @example
 * canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] }); // '{"a":[2,{"c":4,"d":3}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? "null";
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : sortKeys(v)));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/** Hex sha256 of a string or bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** sha256 of a sample's canonical JSON: the row's identity for resume. */
export function rowHash(sample: Sample): string {
  return sha256Hex(canonicalJson(sample));
}

/**
 * The part of a model's provenance that decides its outputs: with a known sha256 the file's path and
 * id do not matter (a moved or renamed file gives the same numbers); without one they stand in for it.
 */
export function modelIdentity(model: ModelProvenance): Record<string, unknown> {
  const known = typeof model.sha256 === "string" && model.sha256.length > 0;
  return {
    kind: model.kind,
    sha256: known ? model.sha256 : null,
    id: known ? undefined : model.id,
    path: known ? undefined : model.path,
    runtime: model.runtime,
    settings: model.settings,
  };
}

/** sha256 of a metric's canonical configuration (name, prompt versions, options, model identities). */
export function configHash(config: MetricConfig): string {
  return sha256Hex(
    canonicalJson({
      name: config.name,
      promptVersions: config.promptVersions,
      options: config.options,
      models: config.models.map(modelIdentity),
    }),
  );
}
