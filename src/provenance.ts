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
