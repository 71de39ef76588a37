import type { MetricConfig, Sample } from "../metrics/types.js";
import type { ModelProvenance } from "../provenance.js";
import { canonicalHash, canonicalJson } from "../util/hash.js";

export { canonicalJson };

/** sha256 of a sample's canonical JSON: the row's identity for resume. */
export function rowHash(sample: Sample): string {
  return canonicalHash(sample);
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
    filesSha256: model.filesSha256,
    id: known ? undefined : model.id,
    path: known ? undefined : model.path,
    runtime: model.runtime,
    settings: model.settings,
  };
}

/** sha256 of a metric's canonical configuration (name, prompt versions, options, model identities). */
export function configHash(config: MetricConfig): string {
  return canonicalHash({
    name: config.name,
    promptVersions: config.promptVersions,
    options: config.options,
    models: config.models.map(modelIdentity),
  });
}
