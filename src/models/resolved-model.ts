import type { ModelFormat, ModelKind, RegistryEntry } from "./registry-schema.js";

/** One file of a resolved model. */
export interface ResolvedModelFile {
  /** Path inside the model folder, with forward slashes (e.g. `onnx/model_quantized.onnx`). */
  path: string;
  /** Absolute path on this machine. */
  absolutePath: string;
  /** Expected size in bytes (registry or lock file); for an explicit path, the size found on disk. */
  size: number | null;
  /** Expected sha256 (registry or lock file), or null when nothing pins it. */
  sha256: string | null;
  /** Where `sha256` came from: the registry, the lock file written by `pull`, or nowhere. */
  digestFrom: "registry" | "lock" | null;
}

/** A model found on this machine. */
export interface ResolvedModel {
  /** Registry id, or the absolute path when the model was named by path. */
  id: string;
  kind: ModelKind;
  format: ModelFormat;
  /** What a runtime loads: the `.gguf` file, or the ONNX model directory (transformers.js layout). */
  path: string;
  /** The model's folder (for a GGUF file, the folder holding it). */
  dir: string;
  /** The weights file: the `.gguf` file, or the `.onnx` file inside the directory. */
  mainFile: string;
  /** The registry entry, when the model was named by id. */
  entry?: RegistryEntry;
  /** Every file of the model. */
  files: ResolvedModelFile[];
  /** How it was found: an explicit `path`, a `models-dir`, or the package's `builtin` models. */
  location: "path" | "models-dir" | "builtin";
  /** The models directory it was found in, for `location: "models-dir"`. */
  modelsDir?: string;
}

/** How much checking `resolveModel` does on the files it finds. */
export type ResolveVerifyLevel = "none" | "size";
