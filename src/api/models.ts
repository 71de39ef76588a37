// The public names of the group "Models" (src/index.ts re-exports this file; docs/api.md lists the groups):
// the registry, finding a model on this machine, pulling it (the one network path), checking it.

export type { CheckProgress, ModelCheck } from "../models/integrity.js";
export { MODELS_DIR_ENV, type ModelsDirOptions, userCacheModelsDir } from "../models/models-dir.js";
export { type PullOptions, type PullProgress, type PullResult, pull } from "../models/pull.js";
export { loadRegistry, ModelRegistry } from "../models/registry.js";
export type { ModelFormat, ModelKind, RegistryEntry } from "../models/registry-schema.js";
export {
  defaultModelId,
  type ResolvedModel,
  type ResolveModelOptions,
  resolveModel,
} from "../models/resolve.js";
export { type VerifyModelOptions, verifyModel } from "../models/verify.js";
