// The runtimes (node-llama-cpp, onnxruntime-node) are slow to import, so they are
// imported only when a run needs them: --help, usage errors and reports stay fast.
import type { LongText } from "../embeddings/long-text.js";
import type { TransformersEmbeddings } from "../embeddings/transformers-embeddings.js";
import { ModelNotFoundError } from "../errors.js";
import type { CpuBuildOption } from "../llm/cpu-build.js";
import type { LlamaCppLlm } from "../llm/llama-cpp-llm.js";
import type { GpuOption } from "../llm/load-options.js";
import { defaultModelId, type ResolvedModel, resolveModel } from "../models/resolve.js";
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

/** Why a default model is absent (its metrics are then left out or skipped), found before anything loads. */
export interface AbsentModels {
  /** One-line reason, naming the `models pull` command, when the default judge is not on this machine. */
  llmMissing?: string;
  /** The same for the default embedder. */
  embeddingsMissing?: string;
  /** The same per default verifier absent, by its models.json id (see src/cli/eval-verifiers.ts). */
  verifiersMissing?: ReadonlyMap<string, string>;
  /**
   * The full "not on this machine" messages (searched folders, steps) by model kind, to print once; a verifier's
   * names its `source`.
   */
  notes: Array<{ kind: "llm" | "embeddings" | "verifier"; source?: string; message: string }>;
}

/** The models a run loaded, or why a default one is absent (its metrics are then skipped). */
export interface LoadedModels extends AbsentModels {
  llm?: LlamaCppLlm;
  embeddings?: TransformersEmbeddings;
}

/** The judge and embedder a run will load, found on disk, or why a default one is absent. */
export interface LocatedModels extends AbsentModels {
  llm?: ResolvedModel;
  embeddings?: ResolvedModel;
  /**
   * Why a model named with `--llm` / `--embeddings` cannot be found: thrown by {@link loadLocatedModels}, so that
   * the checks that need no model (columns, bad rows) still come first, as when models were found at load time.
   */
  namedModelError?: unknown;
}

/**
 * The one-line skip reason for a metric whose default model is absent: names the exact
 * `airgap-eval models pull <id>` command and where the files must go.
 */
export function missingModelReason(
  kind: "judge" | "embedding" | "verifier",
  err: ModelNotFoundError,
): string {
  const where = err.searchedPaths[0];
  const flag = {
    judge: "--llm <file.gguf>",
    embedding: "--embeddings <model dir>",
    verifier: "--metric-option <metric>.verifier=<model dir>",
  }[kind];
  return (
    `${kind} model ${err.modelId} is not on this machine: run \`${cliCommand()} models pull ${err.modelId}\` ` +
    `on a connected machine${where ? ` and copy the folder to ${where}` : ""}, or pass ${flag}`
  );
}

/**
 * The warning for a judge whose `--context-size` is above the context its model was trained on: llama.cpp runs it,
 * but the model reads tokens past its training context poorly. Undefined when the window is within it.
 */
export function contextSizeWarning(
  llm: Pick<LlamaCppLlm, "id" | "contextSize" | "trainContextSize">,
): string | undefined {
  if (llm.contextSize <= llm.trainContextSize) return undefined;
  return (
    `airgap-eval: warning: --context-size ${llm.contextSize} is above the ${llm.trainContextSize} tokens ${llm.id} ` +
    `was trained on; it reads prompts past ${llm.trainContextSize} tokens poorly, so its verdicts on such rows are ` +
    `unreliable. Pass --context-size ${llm.trainContextSize} or less, or a judge trained on a longer context`
  );
}

/** Disposes what was loaded; safe on a partial load. */
export async function disposeModels(models: Partial<LoadedModels>): Promise<void> {
  await Promise.allSettled([models.llm?.dispose(), models.embeddings?.dispose()]);
}

/**
 * Finds the judge and/or embedder a run needs, without loading them (files checked to exist, sizes compared). Only
 * a *default* model may be absent: that becomes a reason its metrics are left out or skipped. A model named with
 * `--llm` / `--embeddings` that cannot be found is kept as `namedModelError`, thrown when loading (bad input). `eval` calls this before deciding what its
 * `--out` file holds, so a rerun compares the metrics it will really run.
 */
export async function locateEvalModels(
  flags: ModelFlags,
  needs: { llm: boolean; embeddings: boolean },
): Promise<LocatedModels> {
  const out: LocatedModels = { notes: [] };
  if (needs.llm) {
    try {
      out.llm = await resolveModel(flags.llm ?? defaultModelId("llm"), {
        kind: "llm",
        modelsDir: flags.modelsDir,
      });
    } catch (err) {
      if (!(err instanceof ModelNotFoundError)) throw err;
      if (flags.llm !== undefined) {
        out.namedModelError ??= err;
        return out;
      }
      out.llmMissing = missingModelReason("judge", err);
      out.notes.push({ kind: "llm", message: err.message });
    }
  }
  if (needs.embeddings) {
    try {
      out.embeddings = await resolveModel(flags.embeddings ?? defaultModelId("embedding"), {
        kind: "embedding",
        modelsDir: flags.modelsDir,
      });
    } catch (err) {
      if (!(err instanceof ModelNotFoundError)) throw err;
      if (flags.embeddings !== undefined) {
        out.namedModelError ??= err;
        return out;
      }
      out.embeddingsMissing = missingModelReason("embedding", err);
      out.notes.push({ kind: "embeddings", message: err.message });
    }
  }
  return out;
}

/**
 * Loads the models {@link locateEvalModels} found; the absent ones stay absent with their reasons. `into` receives
 * each model as soon as it is loaded, so the caller can dispose them if a later load throws.
 */
export async function loadLocatedModels(
  flags: ModelFlags,
  located: LocatedModels,
  into: Partial<LoadedModels> = {},
): Promise<LoadedModels> {
  const { llm: judge, embeddings: encoder, namedModelError, ...absent } = located;
  if (namedModelError !== undefined) throw namedModelError;
  const out: LoadedModels = Object.assign(into, absent);
  if (judge !== undefined) {
    // A registry judge is checked against its pinned sha256 (as embedders are), once per unchanged file.
    const digests =
      judge.entry && flags.verify !== false
        ? await verifyModelFiles(judge, { memoFile: flags.verifiedMemoFile })
        : undefined;
    const { LlamaCppLlm } = await import("../llm/llama-cpp-llm.js");
    out.llm = await LlamaCppLlm.load({
      model: judge,
      threads: flags.threads,
      sequences: flags.concurrency,
      sha256: digests?.get(judge.mainFile),
      ...(flags.gpu !== undefined ? { gpu: flags.gpu } : {}),
      ...(flags.cpuBuild !== undefined ? { cpuBuild: flags.cpuBuild } : {}),
      ...(flags.contextSize !== undefined ? { contextSize: flags.contextSize } : {}),
    });
    const warning = contextSizeWarning(out.llm);
    if (warning !== undefined) process.stderr.write(`${warning}\n`);
  }
  if (encoder !== undefined) {
    const { TransformersEmbeddings } = await import("../embeddings/transformers-embeddings.js");
    // A registry model's entry gives pooling and max length and pins the ONNX file's sha256.
    out.embeddings = await TransformersEmbeddings.load({ model: encoder, longText: flags.longText });
  }
  return out;
}

/**
 * Finds and loads the judge and/or embedder a run needs ({@link locateEvalModels}, then {@link loadLocatedModels}).
 * `into` receives each model as soon as it is loaded.
 */
export async function loadEvalModels(
  flags: ModelFlags,
  needs: { llm: boolean; embeddings: boolean },
  into: Partial<LoadedModels> = {},
): Promise<LoadedModels> {
  return loadLocatedModels(flags, await locateEvalModels(flags, needs), into);
}
