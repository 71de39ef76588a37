// The runtimes (node-llama-cpp, onnxruntime-node) are slow to import, so they are
// imported only when a run needs them: --help, usage errors and reports stay fast.
import type { LongText } from "../embeddings/long-text.js";
import type { TransformersEmbeddings } from "../embeddings/transformers-embeddings.js";
import { ModelNotFoundError } from "../errors.js";
import type { CpuBuildOption } from "../llm/cpu-build.js";
import type { LlamaCppLlm } from "../llm/llama-cpp-llm.js";
import type { GpuOption } from "../llm/load-options.js";
import { defaultModelId, resolveModel } from "../models/resolve.js";
import { verifyModelFiles } from "../models/verified-files.js";
import { cliCommand } from "../util/cli-command.js";

/** Model flags of `airgap-eval eval`. */
export interface ModelFlags {
  /** `--llm`: registry id or `.gguf` path. Defaults to the registry's default judge. */
  llm?: string;
  /** `--embeddings`: registry id or ONNX model directory. Defaults to the registry's default embedder. */
  embeddings?: string;
  /** `--models-dir`. Defaults to `$AIRGAP_EVAL_MODELS`, else the user cache directory. */
  modelsDir?: string;
  /** `--threads`: judge CPU threads. Defaults to the judge's default (1). */
  threads?: number;
  /** `--concurrency`: also the judge's parallel sequences. Defaults to 1. */
  concurrency?: number;
  /** `--long-text`: what the embedder does with a text past its token limit. Defaults to `"chunk-mean"`. */
  longText?: LongText;
  /** `--no-verify` gives false: a registry judge's sha256 is not checked. Defaults to true. */
  verify?: boolean;
  /** Memo of verified model files (path, size, mtime, inode). Defaults to none (hash at every run). */
  verifiedMemoFile?: string;
  /** `--gpu`: the judge's GPU backend. Defaults to false (the CPU). */
  gpu?: GpuOption;
  /** `--cpu-build`: which llama.cpp CPU build runs the judge. Defaults to `"portable"`. */
  cpuBuild?: CpuBuildOption;
  /** `--context-size`: the judge's context window in tokens. Defaults to the model's training context, at most 4096. */
  contextSize?: number;
}

/** The models a run loaded, or why a default one is absent (its metrics are then skipped). */
export interface LoadedModels {
  llm?: LlamaCppLlm;
  embeddings?: TransformersEmbeddings;
  /** One-line reason, naming the `models pull` command, when the default judge is not on this machine. */
  llmMissing?: string;
  /** The same for the default embedder. */
  embeddingsMissing?: string;
  /** The full "not on this machine" messages (searched folders, steps) by model kind, to print once. */
  notes: Array<{ kind: "llm" | "embeddings"; message: string }>;
}

/**
 * The one-line skip reason for a metric whose default model is absent: names the exact
 * `airgap-eval models pull <id>` command and where the files must go.
 */
export function missingModelReason(kind: "judge" | "embedding", err: ModelNotFoundError): string {
  const where = err.searchedPaths[0];
  const flag = kind === "judge" ? "--llm <file.gguf>" : "--embeddings <model dir>";
  return (
    `${kind} model ${err.modelId} is not on this machine: run \`${cliCommand()} models pull ${err.modelId}\` ` +
    `on a connected machine${where ? ` and copy the folder to ${where}` : ""}, or pass ${flag}`
  );
}

/** Disposes what was loaded; safe on a partial load. */
export async function disposeModels(models: Partial<LoadedModels>): Promise<void> {
  await Promise.allSettled([models.llm?.dispose(), models.embeddings?.dispose()]);
}

/**
 * Loads the judge and/or embedder a run needs. Only a *default* model may be absent: that becomes a
 * skip reason. A model named with `--llm` / `--embeddings` that cannot be found throws (bad input).
 * `into` receives each model as soon as it is loaded, so the caller can dispose them if a later
 * load throws.
 */
export async function loadEvalModels(
  flags: ModelFlags,
  needs: { llm: boolean; embeddings: boolean },
  into: Partial<LoadedModels> = {},
): Promise<LoadedModels> {
  const out: LoadedModels = Object.assign(into, { notes: [] as LoadedModels["notes"] });
  if (needs.llm) {
    try {
      const model = await resolveModel(flags.llm ?? defaultModelId("llm"), {
        kind: "llm",
        modelsDir: flags.modelsDir,
      });
      // A registry judge is checked against its pinned sha256 (as embedders are), once per unchanged file.
      const digests =
        model.entry && flags.verify !== false
          ? await verifyModelFiles(model, { memoFile: flags.verifiedMemoFile })
          : undefined;
      const { LlamaCppLlm } = await import("../llm/llama-cpp-llm.js");
      out.llm = await LlamaCppLlm.load({
        model,
        threads: flags.threads,
        sequences: flags.concurrency,
        sha256: digests?.get(model.mainFile),
        ...(flags.gpu !== undefined ? { gpu: flags.gpu } : {}),
        ...(flags.cpuBuild !== undefined ? { cpuBuild: flags.cpuBuild } : {}),
        ...(flags.contextSize !== undefined ? { contextSize: flags.contextSize } : {}),
      });
    } catch (err) {
      if (!(err instanceof ModelNotFoundError) || flags.llm !== undefined) throw err;
      out.llmMissing = missingModelReason("judge", err);
      out.notes.push({ kind: "llm", message: err.message });
    }
  }
  if (needs.embeddings) {
    try {
      const model = await resolveModel(flags.embeddings ?? defaultModelId("embedding"), {
        kind: "embedding",
        modelsDir: flags.modelsDir,
      });
      const { TransformersEmbeddings } = await import("../embeddings/transformers-embeddings.js");
      // A registry model's entry gives pooling and max length and pins the ONNX file's sha256.
      out.embeddings = await TransformersEmbeddings.load({ model, longText: flags.longText });
    } catch (err) {
      if (!(err instanceof ModelNotFoundError) || flags.embeddings !== undefined) throw err;
      out.embeddingsMissing = missingModelReason("embedding", err);
      out.notes.push({ kind: "embeddings", message: err.message });
    }
  }
  return out;
}
