import { existsSync, statSync } from "node:fs";
import os from "node:os";
import type {
  ChatWrapper,
  CustomBatchingPrioritizationStrategy,
  Llama,
  LlamaContext,
  LlamaModel,
} from "node-llama-cpp";
import { AirgapEvalError } from "../errors.js";
import { sha256OfFile } from "../models/file-sha256.js";
import { errorText } from "../util/error-text.js";
import { chooseChatWrapper } from "./chat-wrapper.js";
import { checkGgufFile } from "./gguf-check.js";
import { cpuBuildOf, getSharedLlama } from "./llama-instance.js";
import { type checkLoadOptions, DEFAULT_MAX_CONTEXT_SIZE, defaultThreadsFor } from "./load-options.js";
import { missingGgufError } from "./missing-model.js";
import { importNodeLlamaCpp } from "./node-llama-cpp.js";

/**
 * Each llama.cpp batch holds the tokens of one sequence only (the first queued, as much of it as fits), so with
 * several sequences running, a call's tokens are evaluated in exactly the batches they would be alone. llama.cpp
 * rounds a batch's arithmetic differently depending on what else is in it (about 1e-4 in a probability on the test
 * models), so mixing sequences made results depend on the timing of other calls. Sequences still overlap their
 * sampling and grammar work with each other's evaluation.
 */
const oneSequencePerBatch: CustomBatchingPrioritizationStrategy = ({ items, size }) => {
  const first = items[0];
  return first === undefined ? [] : [{ item: first, processAmount: Math.min(size, first.tokens.length) }];
};

/** A GGUF model opened for judging: the shared runtime, the model, one context and how prompts are rendered. */
export interface OpenedGguf {
  llama: Llama;
  model: LlamaModel;
  /** One context holding `prefixSlots` sequences. */
  context: LlamaContext;
  /** The chat template wrapper, or undefined for the completion format. */
  chatWrapper: ChatWrapper | undefined;
  /** sha256 of the file: the known one when given, else hashed once per process. */
  sha256: string;
  /** node-llama-cpp's version. */
  runtimeVersion: string;
  /** CPU threads the context uses. */
  threads: number;
  /** The llama.cpp CPU build the runtime runs on (e.g. `haswell`). */
  cpuBuild: string;
  /** The llama.cpp release node-llama-cpp's binaries were built from. */
  llamaCppRelease: string;
}

/**
 * Checks the file, then loads the model and creates its context with checked load options. Frees
 * what it loaded when a later step fails. Throws `ModelNotFoundError` for a missing file,
 * `InvalidInputError` for a damaged GGUF or an impossible prompt format, and `AirgapEvalError` when
 * llama.cpp cannot load the model or create the context.
 *
 * @param requestedId The id the caller asked for, so a missing registry model names its pull command.
 * @example
 * const opened = await openGguf(checkLoadOptions({ modelPath: "judge.gguf" }));
 */
export async function openGguf(
  settings: ReturnType<typeof checkLoadOptions>,
  requestedId?: string,
): Promise<OpenedGguf> {
  const { modelPath, prefixSlots } = settings;
  if (!existsSync(modelPath) || !statSync(modelPath).isFile()) throw missingGgufError(modelPath, requestedId);
  // Before llama.cpp sees the file: a damaged header can keep its loaders busy for minutes.
  await checkGgufFile(modelPath);

  const [llama, sha256, runtimeVersion] = await Promise.all([
    getSharedLlama(settings.gpu, settings.cpuBuild),
    settings.sha256 !== undefined ? Promise.resolve(settings.sha256) : sha256OfFile(modelPath),
    importNodeLlamaCpp().then((m) => m.getModuleVersion()),
  ]);
  let model: LlamaModel;
  try {
    model = await llama.loadModel({ modelPath, gpuLayers: llama.gpu === false ? 0 : "auto" });
  } catch (err) {
    throw new AirgapEvalError(
      `Could not load GGUF model ${modelPath}: ${errorText(err)}. Is it a complete GGUF file? Re-copy it or check its sha256.`,
      { cause: err },
    );
  }
  let chatWrapper: ChatWrapper | undefined;
  try {
    chatWrapper = await chooseChatWrapper(model, settings.promptFormat, modelPath);
  } catch (err) {
    await model.dispose();
    throw err;
  }
  const threads =
    settings.threads ??
    defaultThreadsFor(
      model.fileInsights.totalParameters,
      Math.min(llama.cpuMathCores, os.availableParallelism()),
    );
  let context: LlamaContext;
  try {
    const contextSize = settings.contextSize ?? Math.min(model.trainContextSize, DEFAULT_MAX_CONTEXT_SIZE);
    const batchSize = settings.batchSize ?? Math.min(512, contextSize);
    context = await model.createContext({
      contextSize,
      batchSize,
      sequences: prefixSlots,
      threads,
      flashAttention: false,
      batching: { itemPrioritizationStrategy: oneSequencePerBatch },
    });
  } catch (err) {
    await model.dispose();
    if (err instanceof AirgapEvalError) throw err;
    throw new AirgapEvalError(`Could not create a context for ${modelPath}: ${errorText(err)}`, {
      cause: err,
    });
  }
  return {
    llama,
    model,
    context,
    chatWrapper,
    sha256,
    runtimeVersion,
    threads,
    cpuBuild: cpuBuildOf(llama),
    llamaCppRelease: llama.llamaCppRelease.release,
  };
}
