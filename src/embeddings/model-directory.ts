import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { AirgapEvalError, ModelNotFoundError } from "../errors.js";

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

function missingModel(id: string, dir: string, what: string): ModelNotFoundError {
  return new ModelNotFoundError(
    `embedding model "${id}" not found: ${what}. Pass the directory of an ONNX model in the transformers.js ` +
      "layout (config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx); for a registry model run " +
      `\`airgap-eval models pull ${id}\` on a connected machine and copy the directory it prints to this machine.`,
    id,
    [dir],
  );
}

/**
 * Checks that `dir` holds an encoder and picks its ONNX file: `onnx/model_quantized.onnx` when `quantized` is
 * true, `onnx/model.onnx` when false, and when undefined the quantized file if it exists (as transformers.js
 * does by default). Throws {@link ModelNotFoundError} naming the missing path and the `models pull` command.
 */
export async function openModelDirectory(
  dir: string,
  id: string,
  quantized: boolean | undefined,
): Promise<ModelDirectory> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw missingModel(id, dir, `no directory at ${dir}`);
  for (const file of ["config.json", "tokenizer.json", "tokenizer_config.json"]) {
    const full = path.join(dir, file);
    if (!existsSync(full)) throw missingModel(id, dir, `${full} is missing`);
  }
  const quantizedPath = path.join(dir, "onnx", "model_quantized.onnx");
  const useQuantized = quantized ?? existsSync(quantizedPath);
  const onnxPath = useQuantized ? quantizedPath : path.join(dir, "onnx", "model.onnx");
  if (!existsSync(onnxPath)) {
    const hint = useQuantized
      ? "pass quantized: false to use onnx/model.onnx"
      : "pass quantized: true to use onnx/model_quantized.onnx";
    throw missingModel(id, dir, `${onnxPath} is missing (${hint})`);
  }
  const configPath = path.join(dir, "config.json");
  let config: ModelDirectory["config"];
  try {
    config = JSON.parse(await readFile(configPath, "utf8")) as ModelDirectory["config"];
  } catch (err) {
    throw new AirgapEvalError(
      `${configPath}: not valid JSON; the model directory is damaged, copy it again`,
      {
        cause: err,
      },
    );
  }
  return { dir, onnxPath, quantized: useQuantized, config };
}
