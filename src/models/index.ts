/**
 * Model registry, resolution, integrity checks and `pull` (the only network code path).
 *
 * @example
 * import { resolveModel, pull, verifyModel } from "./models/index.js";
 * const judge = await resolveModel("qwen2.5-0.5b-instruct", { kind: "llm" });
 */
export { formatBytes } from "./format-bytes.js";
export { sha256File } from "./hash.js";
export type { CheckProgress, FileCheck, FileCheckStatus, ModelCheck } from "./integrity.js";
export type { LockedModel, LockFile } from "./lock-file.js";
export { LOCK_FILE_NAME, lockFilePath, readLockFile } from "./lock-file.js";
export type { ModelsDirCandidate, ModelsDirOptions, ModelsDirSource } from "./models-dir.js";
export {
  MODELS_DIR_ENV,
  modelDirIn,
  modelsDirCandidates,
  primaryModelsDir,
  userCacheModelsDir,
} from "./models-dir.js";
export type { PulledFile, PullOptions, PullProgress, PullResult } from "./pull.js";
export { DEFAULT_HUB_URL, hubFileUrl, pull } from "./pull.js";
export { ModelPullError } from "./pull-error.js";
export { defaultRegistryPath, loadRegistry, ModelRegistry, parseRegistry } from "./registry.js";
export type {
  BuiltinSource,
  HubSource,
  ModelFormat,
  ModelKind,
  RegistryEntry,
  RegistryFile,
  RegistryFileContents,
} from "./registry-schema.js";
export { isBuiltinSource, registrySchema } from "./registry-schema.js";
export type { ResolvedModel, ResolvedModelFile, ResolveModelOptions, ResolveVerifyLevel } from "./resolve.js";
export { defaultModelId, resolveModel } from "./resolve.js";
export type { VerifyModelOptions } from "./verify.js";
export { verifyModel } from "./verify.js";
