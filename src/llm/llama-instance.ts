import { getLlama, type Llama, LlamaLogLevel } from "node-llama-cpp";

let shared: Promise<Llama> | undefined;

/**
 * The one node-llama-cpp `Llama` instance of this process: the prebuilt CPU binary, never a
 * build and never a download. Warnings and errors of llama.cpp are logged; info output is not.
 *
 * @example
 * const llama = await getSharedLlama();
 */
export function getSharedLlama(): Promise<Llama> {
  if (!shared) {
    shared = getLlama({
      gpu: false,
      build: "never",
      skipDownload: true,
      progressLogs: false,
      logLevel: LlamaLogLevel.error,
    });
    shared.catch(() => {
      shared = undefined;
    });
  }
  return shared;
}
