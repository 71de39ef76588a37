import { keyDifferences } from "./util/key-differences.js";

/** How a model result was made: recorded in every result so a run can be reproduced and compared. */
export interface ModelProvenance {
  /** Registry id (e.g. `qwen2.5-0.5b-instruct`) or the path the model was loaded from. */
  id: string;
  /** `llm` or `embedding`. */
  kind: "llm" | "embedding";
  /** Absolute path of the main model file or directory, when loaded from disk. */
  path?: string;
  /** sha256 of the main model file, when known. */
  sha256?: string | null;
  /**
   * For a model directory (an ONNX encoder with its config and tokenizer files): sha256 over every file that changes
   * its outputs (`modelFilesSha256`). When present it is the model's identity in cache keys and resume hashes.
   */
  filesSha256?: string;
  /** Runtime that executed the model, e.g. `{ name: "node-llama-cpp", version: "3.21.1" }`. */
  runtime: { name: string; version: string };
  /** Settings that can change the output: temperature, seed, context size, pooling, max length, ... */
  settings: Record<string, string | number | boolean | null>;
  /**
   * Settings that change speed but not outputs (threads, parallel sequences, embedding batch size).
   * Recorded in results; left out of cache keys and resume hashes, so changing them keeps both valid.
   */
  performance?: Record<string, string | number | boolean | null>;
}

/**
 * How two provenances of a model differ in what can change its outputs (id, file, sha256, runtime, settings; not
 * the speed-only `performance`), one line per field, e.g. `model settings.cpuBuild haswell -> zen4`. Empty when
 * the outputs would be the same.
 *
 * @example
 * if (outputDifferences(remembered, llm.provenance()).length > 0) throw new Error("the judge changed");
 */
export function outputDifferences(before: ModelProvenance, after: ModelProvenance): string[] {
  const flat = (p: ModelProvenance): Record<string, unknown> => ({
    id: p.id,
    kind: p.kind,
    path: p.path,
    sha256: p.sha256,
    filesSha256: p.filesSha256,
    runtime: p.runtime,
    ...Object.fromEntries(Object.entries(p.settings).map(([k, v]) => [`settings.${k}`, v])),
  });
  return keyDifferences("model", flat(before), flat(after));
}
