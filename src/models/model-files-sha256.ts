// The identity of an ONNX model directory (transformers.js layout): one digest over every file that changes its
// numbers, so a reordered id2label or a replaced tokenizer is a new model for the result cache, --resume and the
// rerun check, exactly as new weights are.
import { existsSync } from "node:fs";
import path from "node:path";
import { canonicalHash } from "../util/hash.js";
import { sha256OfFileSync } from "./file-sha256.js";

/**
 * The files of a model directory besides its ONNX file whose bytes change the numbers it gives: the model config
 * (labels, sizes) and every tokenizer file a transformers.js export may hold. Those present are part of the
 * model's identity; one added or removed is a new model.
 */
export const MODEL_IDENTITY_FILES = [
  "config.json",
  "tokenizer.json",
  "tokenizer_config.json",
  "special_tokens_map.json",
  "added_tokens.json",
  "vocab.txt",
  "vocab.json",
  "merges.txt",
  "spm.model",
  "sentencepiece.bpe.model",
  "tokenizer.model",
] as const;

/**
 * sha256 over an ONNX model directory's files that change its numbers: the ONNX file loaded (by `onnxSha256` when
 * the caller knows it: the bytes a session was built from, or a registry pin that loading enforces) and each of
 * {@link MODEL_IDENTITY_FILES} present, each named by its path in the directory. Each file is hashed once per
 * process while its path, size and mtime stay ({@link sha256OfFileSync}), so calling this per row costs stats.
 * Throws when the ONNX file must be hashed and cannot be read.
 *
 * @example
 * modelFilesSha256("/models/my-nli", "/models/my-nli/onnx/model.onnx"); // "3f9c…"
 */
export function modelFilesSha256(dir: string, onnxPath: string, onnxSha256?: string): string {
  const files: Array<[string, string]> = [
    [path.relative(dir, onnxPath).split(path.sep).join("/"), onnxSha256 ?? sha256OfFileSync(onnxPath)],
  ];
  for (const name of MODEL_IDENTITY_FILES) {
    const full = path.join(dir, name);
    if (existsSync(full)) files.push([name, sha256OfFileSync(full)]);
  }
  return canonicalHash({ v: 1, files });
}
