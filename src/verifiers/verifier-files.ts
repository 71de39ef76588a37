import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { AirgapEvalError, ModelNotFoundError } from "../errors.js";
import { sha256OfFileSync } from "../models/file-sha256.js";
import { modelFilesSha256 } from "../models/model-files-sha256.js";
import { modelDirIn, modelsDirCandidates } from "../models/models-dir.js";
import { pinnedDigestCheck } from "../models/pinned-digest.js";
import { loadRegistry, type ModelRegistry } from "../models/registry.js";
import type { RegistryEntry } from "../models/registry-schema.js";
import { resolveModel } from "../models/resolve.js";
import { cliCommand } from "../util/cli-command.js";
import type { VerifierConfig } from "./model-config.js";
import type { VerifierTask } from "./types.js";

/** A verifier's files, found and checked to exist. */
export interface VerifierFiles {
  /** The models.json id, or the source as given. */
  id: string;
  dir: string;
  onnxPath: string;
  config: VerifierConfig;
  configPath: string;
  /** The registry entry's task, when the verifier came from the registry. */
  registryTask?: VerifierTask | undefined;
  checkDigest?: ((sha256: string) => void) | undefined;
  /** What to do about a damaged file. */
  recovery: string;
}

/** The layout a verifier directory must have, for error messages. */
export const VERIFIER_LAYOUT =
  "config.json, tokenizer.json, tokenizer_config.json and onnx/model_quantized.onnx or onnx/model.onnx (the transformers.js layout)";

function registryOrUndefined(): ModelRegistry | undefined {
  try {
    return loadRegistry();
  } catch {
    return undefined;
  }
}

function looksLikePath(source: string): boolean {
  return path.isAbsolute(source) || /^(\.{1,2}|~)([/\\]|$)/.test(source) || existsSync(source);
}

/** The ONNX file of a verifier directory: `onnx/model_quantized.onnx` when present, else `onnx/model.onnx`. */
function directoryOnnxFile(dir: string): string {
  const quantized = path.join(dir, "onnx", "model_quantized.onnx");
  return existsSync(quantized) ? quantized : path.join(dir, "onnx", "model.onnx");
}

/** What identifies a verifier's numbers, found without loading it: see {@link verifierSourceIdentity}. */
export interface VerifierSourceIdentity {
  /** The ONNX file's sha256: a models.json id's pinned digest, a directory's file hashed; null when unreadable. */
  sha256: string | null;
  /** {@link modelFilesSha256} over the directory's files (ONNX, config.json, tokenizer files); null when not on disk. */
  filesSha256: string | null;
}

/** The first models directory holding every file of a registry verifier, or undefined when none does. */
function registryDirOnDisk(entry: RegistryEntry): string | undefined {
  return modelsDirCandidates()
    .map((candidate) => modelDirIn(candidate.dir, entry.id))
    .find((dir) => entry.source.files.every((f) => existsSync(path.join(dir, f.path))));
}

/**
 * What identifies the verifier `source` names, for a metric's `config()` (so `--resume`, the rerun check and the
 * result cache tell one verifier from another): the ONNX file's sha256 and the digest over all its files. A
 * models.json id gives its pinned ONNX digest (loading enforces it) and, when it is on disk, the digest over its
 * files; a directory hashes them (once per process while each file's path, size and mtime stay). Nulls when the
 * source names nothing readable; loading it then fails and says why.
 *
 * @example
 * verifierSourceIdentity("./my-hhem"); // { sha256: <onnx/model.onnx's digest>, filesSha256: <over all its files> }
 */
export function verifierSourceIdentity(source: string): VerifierSourceIdentity {
  const entry = looksLikePath(source) ? undefined : registryOrUndefined()?.get(source);
  try {
    if (entry !== undefined) {
      const files = entry.source.files;
      const onnx =
        files.find((f) => f.path.endsWith("model_quantized.onnx")) ??
        files.find((f) => f.path.endsWith(".onnx"));
      const dir = registryDirOnDisk(entry);
      if (onnx === undefined || dir === undefined) return { sha256: onnx?.sha256 ?? null, filesSha256: null };
      const onnxPath = path.join(dir, onnx.path);
      const sha256 = onnx.sha256 ?? sha256OfFileSync(onnxPath);
      return { sha256, filesSha256: modelFilesSha256(dir, onnxPath, sha256) };
    }
    const dir = path.resolve(source);
    const onnxPath = directoryOnnxFile(dir);
    const sha256 = sha256OfFileSync(onnxPath);
    return { sha256, filesSha256: modelFilesSha256(dir, onnxPath, sha256) };
  } catch {
    return { sha256: null, filesSha256: null };
  }
}

/**
 * Finds the verifier named by `source`: a models.json id (kind `verifier`, looked up in `modelsDir`, then
 * `AIRGAP_EVAL_MODELS`, then the user cache directory, sizes checked, the ONNX file's pinned sha256 enforced) or a
 * model directory. The ONNX file of a directory is `onnx/model_quantized.onnx` when present, else `onnx/model.onnx`.
 */
export async function findVerifierFiles(
  source: string,
  modelsDir: string | undefined,
): Promise<VerifierFiles> {
  const registry = registryOrUndefined();
  const entry = looksLikePath(source) ? undefined : registry?.get(source);
  let dir: string;
  let onnxPath: string;
  let recovery = "copy the model directory to this machine again";
  let checkDigest: VerifierFiles["checkDigest"];
  if (entry !== undefined && registry !== undefined) {
    const resolved = await resolveModel(source, { kind: "verifier", modelsDir, registry, verify: "size" });
    dir = resolved.dir;
    onnxPath = resolved.mainFile;
    checkDigest = pinnedDigestCheck(resolved, onnxPath);
    recovery = `delete ${dir}, run "${cliCommand()} models pull ${source}" on a connected machine and copy the folder it prints here again`;
  } else {
    dir = path.resolve(source);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      const ids = registry?.models.filter((m) => m.kind === "verifier").map((m) => m.id) ?? [];
      throw new ModelNotFoundError(
        `verifier "${source}" not found: no directory at ${dir}. Pass a directory holding ${VERIFIER_LAYOUT}` +
          (ids.length > 0 ? `, or a verifier id from models.json (${ids.join(", ")})` : "") +
          ".",
        source,
        [dir],
      );
    }
    onnxPath = directoryOnnxFile(dir);
  }
  for (const file of [
    "config.json",
    "tokenizer.json",
    "tokenizer_config.json",
    path.relative(dir, onnxPath),
  ]) {
    const full = path.join(dir, file);
    if (!existsSync(full)) {
      throw new ModelNotFoundError(
        `verifier "${source}": ${full} is missing. A verifier directory holds ${VERIFIER_LAYOUT}; ${recovery}.`,
        source,
        [dir],
      );
    }
  }
  const configPath = path.join(dir, "config.json");
  let config: VerifierConfig;
  try {
    config = JSON.parse(await readFile(configPath, "utf8")) as VerifierConfig;
  } catch (err) {
    throw new AirgapEvalError(
      `${configPath}: not valid JSON (${(err as Error).message}); the model directory is damaged: ${recovery}`,
      { cause: err },
    );
  }
  return {
    id: entry !== undefined ? entry.id : source,
    dir,
    onnxPath,
    config,
    configPath,
    registryTask: entry?.verifier?.task,
    checkDigest,
    recovery,
  };
}
