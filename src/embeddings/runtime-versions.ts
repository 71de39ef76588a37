import { installedVersion } from "../util/installed-version.js";

/**
 * The packages an embedder's vectors depend on: onnxruntime-node runs the encoder, `@huggingface/tokenizers` turns
 * texts into its input ids. Their versions are part of the embedder's provenance (and so of cache keys and resume
 * hashes), and of the identity remembered for a lazily loaded embedder.
 */
export const EMBEDDING_RUNTIMES = ["onnxruntime-node", "@huggingface/tokenizers"] as const;

/** Installed versions of onnxruntime-node and `@huggingface/tokenizers` ("unknown" when one cannot be read). */
export function runtimeVersions(): { onnxruntime: string; tokenizers: string } {
  const [onnxruntime, tokenizers] = EMBEDDING_RUNTIMES.map(installedVersion);
  return { onnxruntime: onnxruntime!, tokenizers: tokenizers! };
}
