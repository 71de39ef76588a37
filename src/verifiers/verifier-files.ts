import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { AirgapEvalError, ModelNotFoundError } from "../errors.js";
import { pinnedDigestCheck } from "../models/pinned-digest.js";
import { loadRegistry, type ModelRegistry } from "../models/registry.js";
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
    const quantized = path.join(dir, "onnx", "model_quantized.onnx");
    onnxPath = existsSync(quantized) ? quantized : path.join(dir, "onnx", "model.onnx");
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
