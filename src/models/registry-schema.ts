import { z } from "zod";

/** A lowercase hex sha256 digest. */
const sha256DigestSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, "must be 64 lowercase hex characters (a sha256 digest)");

/** A relative, forward-slash path inside a model folder: no leading slash, no `..`, no backslash. */
const relativeFilePath = z
  .string()
  .min(1)
  .refine(
    (p) =>
      !p.startsWith("/") && !p.includes("\\") && !p.split("/").some((part) => part === ".." || part === "."),
    "must be a relative path with forward slashes and no '.' or '..' segments",
  );

/** One file of a model, as the registry lists it. */
export const registryFileSchema = z.strictObject({
  /** Path inside the model folder (and inside the hub repo), e.g. `onnx/model_quantized.onnx`. */
  path: relativeFilePath,
  /** Size in bytes, or null when not known in advance. */
  size: z.number().int().nonnegative().nullable(),
  /** sha256 of the file, or null when no public source gives it (pull then records it in the lock file). */
  sha256: sha256DigestSchema.nullable(),
});

/** A model hosted on the Hugging Face hub at a pinned commit. */
export const hubSourceSchema = z.strictObject({
  hub: z.literal("huggingface"),
  /** `owner/name` of the hub repository. */
  repo: z.string().regex(/^[A-Za-z0-9][\w.-]*\/[A-Za-z0-9][\w.-]*$/, "must look like owner/name"),
  /** Pinned commit: 40 lowercase hex characters, never a branch name. */
  revision: z.string().regex(/^[0-9a-f]{40}$/, "must be a pinned 40-character commit sha, not a branch"),
  files: z.array(registryFileSchema).min(1),
});

/** A model built into the package (under `<packageRoot>/models/<id>`). */
export const builtinSourceSchema = z.strictObject({
  builtin: z.literal("starter"),
  files: z.array(registryFileSchema).min(1),
});

/** Settings an embedding model needs to be used the way it was trained. */
export const embeddingSettingsSchema = z.strictObject({
  dimensions: z.number().int().positive(),
  pooling: z.enum(["mean", "cls"]),
  normalize: z.boolean(),
  /** Whether the ONNX file is the quantized one (`onnx/model_quantized.onnx`). */
  quantized: z.boolean(),
  maxLength: z.number().int().positive().optional(),
});

/** Settings of a verifier (a small ONNX classifier). */
export const verifierSettingsSchema = z.strictObject({
  /** What it predicts (see `VerifierTask`); `config.json` says the same, this makes `models list` show it. */
  task: z.enum(["nli", "consistency", "relevance", "spans"]),
});

/** Facts about a judge model. */
export const llmSettingsSchema = z.strictObject({
  parameters: z.string().min(1),
  quantization: z.string().min(1),
  contextLength: z.number().int().positive(),
});

const modelId = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)?$/,
    "must be letters, digits, '.', '_', '-', with at most one '/'",
  );

/** One model the project knows. */
export const registryEntrySchema = z.strictObject({
  id: modelId,
  kind: z.enum(["embedding", "llm", "verifier"]),
  format: z.enum(["onnx", "gguf"]),
  /** For judges: `fast`, `balanced` or `strong`. */
  tier: z.enum(["fast", "balanced", "strong"]).optional(),
  description: z.string().min(1),
  licence: z.string().min(1),
  homepage: z.url().optional(),
  source: z.union([hubSourceSchema, builtinSourceSchema]),
  embedding: embeddingSettingsSchema.optional(),
  llm: llmSettingsSchema.optional(),
  verifier: verifierSettingsSchema.optional(),
});

/** The whole `models.json` file. */
export const registrySchema = z.strictObject({
  $schema: z.string().optional(),
  version: z.literal(1),
  /** Ids used when the caller names no model. */
  defaults: z.strictObject({ embedding: modelId, llm: modelId }),
  /** Ids recommended once pulled (may differ from the offline defaults). */
  recommended: z.strictObject({ embedding: modelId, llm: modelId }).optional(),
  models: z.array(registryEntrySchema).min(1),
});

/** One file of a registry entry. */
export type RegistryFile = z.infer<typeof registryFileSchema>;
/** A hub source (pinned Hugging Face repo). */
export type HubSource = z.infer<typeof hubSourceSchema>;
/** A built-in source (ships with the package). */
export type BuiltinSource = z.infer<typeof builtinSourceSchema>;
/** One registry entry. */
export type RegistryEntry = z.infer<typeof registryEntrySchema>;
/** The parsed registry file. */
export type RegistryFileContents = z.infer<typeof registrySchema>;
/** `embedding`, `llm` or `verifier`. */
export type ModelKind = RegistryEntry["kind"];
/** `onnx` or `gguf`. */
export type ModelFormat = RegistryEntry["format"];

/** True when the entry is built into the package rather than pulled from a hub. */
export function isBuiltinSource(source: RegistryEntry["source"]): source is BuiltinSource {
  return "builtin" in source;
}
