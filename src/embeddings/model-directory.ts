import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { AirgapEvalError, ModelNotFoundError } from "../errors.js";
import { loadRegistry, type ModelRegistry } from "../models/registry.js";
import { cliCommand } from "../util/cli-command.js";

/** The files of a local encoder in the transformers.js layout, checked to exist. */
export interface ModelDirectory {
  /** Absolute model directory. */
  dir: string;
  /** The ONNX file that will be loaded. */
  onnxPath: string;
  /** Whether `onnxPath` is `onnx/model_quantized.onnx`. */
  quantized: boolean;
  /** The fields of `config.json` this layer uses. */
  config: { hidden_size?: number; max_position_embeddings?: number };
}

/** The layout a model directory must have, for error messages. */
export const expectedLayout =
  "an ONNX encoder in the transformers.js layout: config.json, tokenizer.json, tokenizer_config.json and " +
  "onnx/model.onnx and/or onnx/model_quantized.onnx";

/**
 * The registry id a missing directory most likely stands for: `id`, the directory's base name, or its last
 * two path segments (`starter/glove-100d`), whichever the registry lists. Undefined when none is listed or
 * the registry cannot be read (the caller is already reporting another error).
 */
function registryIdFor(dir: string, id: string, registry: ModelRegistry | undefined): string | undefined {
  let known: ModelRegistry;
  try {
    known = registry ?? loadRegistry();
  } catch {
    return undefined;
  }
  const base = path.basename(dir);
  const lastTwo = `${path.basename(path.dirname(dir))}/${base}`;
  return [id, base, lastTwo].find((name) => known.has(name));
}

function missingModel(
  id: string,
  dir: string,
  what: string,
  registry: ModelRegistry | undefined,
): ModelNotFoundError {
  const registryId = registryIdFor(dir, id, registry);
  const next =
    registryId === undefined
      ? `Pass the directory of ${expectedLayout}, or the id of a model in the registry (\`${cliCommand()} models list\`).`
      : `"${registryId}" is a registry model: pass the id "${registryId}" itself, or run ` +
        `\`${cliCommand()} models pull ${registryId}\` on a connected machine and copy the directory it prints to ${dir}.`;
  return new ModelNotFoundError(`embedding model "${id}" not found: ${what}. ${next}`, id, [dir]);
}

/** Extra inputs of {@link openModelDirectory}. */
export interface OpenModelDirectoryOptions {
  /** Registry used to recognise registry ids in error messages. Defaults to the package's models.json. */
  registry?: ModelRegistry;
  /** What the user should do about a damaged file. Defaults to {@link defaultRecovery}. */
  recovery?: string;
}

/** Recovery advice for a damaged model directory that did not come from the registry. */
export const defaultRecovery = "copy the model directory to this machine again";

/**
 * Checks that `dir` holds an encoder and picks its ONNX file: `onnx/model_quantized.onnx` when `quantized` is
 * true, `onnx/model.onnx` when false, and when undefined the quantized file if it exists (as transformers.js
 * does by default). Throws {@link ModelNotFoundError} naming the missing path and the expected layout; the
 * `models pull` command is named only when the directory stands for a registry id.
 */
export async function openModelDirectory(
  dir: string,
  id: string,
  quantized: boolean | undefined,
  options: OpenModelDirectoryOptions = {},
): Promise<ModelDirectory> {
  const { registry, recovery = defaultRecovery } = options;
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw missingModel(id, dir, `no directory at ${dir}`, registry);
  }
  for (const file of ["config.json", "tokenizer.json", "tokenizer_config.json"]) {
    const full = path.join(dir, file);
    if (!existsSync(full)) throw missingModel(id, dir, `${full} is missing`, registry);
  }
  const quantizedPath = path.join(dir, "onnx", "model_quantized.onnx");
  const useQuantized = quantized ?? existsSync(quantizedPath);
  const onnxPath = useQuantized ? quantizedPath : path.join(dir, "onnx", "model.onnx");
  if (!existsSync(onnxPath)) {
    const hint = useQuantized
      ? "pass quantized: false to use onnx/model.onnx"
      : "pass quantized: true to use onnx/model_quantized.onnx";
    throw missingModel(id, dir, `${onnxPath} is missing (${hint})`, registry);
  }
  const configPath = path.join(dir, "config.json");
  let config: ModelDirectory["config"];
  try {
    config = JSON.parse(await readFile(configPath, "utf8")) as ModelDirectory["config"];
  } catch (err) {
    throw new AirgapEvalError(
      `${configPath}: not valid JSON (${(err as Error).message}); the model directory is damaged: ${recovery}`,
      { cause: err },
    );
  }
  return { dir, onnxPath, quantized: useQuantized, config };
}
