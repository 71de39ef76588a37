import path from "node:path";
import { InvalidInputError } from "../errors.js";
import type { ResolvedModel } from "../models/resolved-model.js";
import {
  booleanOption,
  checkSeed,
  checkTemperature,
  nonEmptyString,
  nonNegativeInteger,
  numberAtLeast,
  oneOf,
  positiveInteger,
  sha256DigestOption,
} from "../util/option-checks.js";
import { type CpuBuildOption, checkCpuBuildOption } from "./cpu-build.js";

/** Default `threads` for judges under {@link LARGE_MODEL_PARAMETERS}: a judge row is mostly generation, fastest on one thread for small models. */
export const DEFAULT_THREADS = 1;
/** From this many parameters on, the default `threads` is every core llama.cpp counts for math (see the README's Performance section). */
export const LARGE_MODEL_PARAMETERS = 400_000_000;

/**
 * The default `threads` for a model of `parameters` parameters on a machine with `mathCores` cores for math.
 *
 * @example
 * defaultThreadsFor(494_000_000, 2); // 2
 * defaultThreadsFor(30_000_000, 8); // 1
 */
export function defaultThreadsFor(parameters: number, mathCores: number): number {
  return parameters >= LARGE_MODEL_PARAMETERS ? Math.max(1, Math.floor(mathCores)) : DEFAULT_THREADS;
}
/** Default answer budget in tokens. */
export const DEFAULT_MAX_TOKENS = 512;
/** Largest default context (tokens per sequence); smaller when the model was trained on less. */
export const DEFAULT_MAX_CONTEXT_SIZE = 4096;
/** Default {@link LlamaCppLlmOptions.memoSize}. */
export const DEFAULT_MEMO_SIZE = 1024;
/** Default {@link LlamaCppLlmOptions.prefixSlots} beyond one per running call: room to keep a few other prompts' instruction and examples. */
export const DEFAULT_EXTRA_PREFIX_SLOTS = 4;

/** GPU backends a judge can run on; `false` is the CPU. */
export const GPU_BACKENDS = ["cuda", "vulkan", "metal"] as const;

/**
 * Where a judge runs: `false` (the CPU: byte-identical reruns), `"auto"` (the first of node-llama-cpp's prebuilt
 * GPU binaries that starts, else the CPU) or one backend, which must start.
 */
export type GpuOption = false | "auto" | (typeof GPU_BACKENDS)[number];

/**
 * Checks a `gpu` option: false, "auto", "cuda", "vulkan" or "metal". Throws `InvalidInputError` naming `field`.
 *
 * @example
 * checkGpuOption("cuda", "gpu"); // "cuda"
 */
export function checkGpuOption(value: unknown, field: string): GpuOption {
  if (value === false) return false;
  return oneOf(value, ["auto", ...GPU_BACKENDS] as const, field);
}

/** How a prompt is rendered for the model. */
export type PromptFormat = "chat" | "completion";

/** Options of {@link LlamaCppLlm.load}. */
export interface LlamaCppLlmOptions {
  /** Path of the GGUF file. Required unless `model` is given. */
  modelPath?: string;
  /**
   * A GGUF model found with `resolveModel` (finding a model is separate from loading it): its path is
   * loaded and its id recorded. Defaults to none (`modelPath` is loaded).
   */
  model?: ResolvedModel;
  /** Id recorded in results and cache keys. Defaults to `model`'s id, else the file name without `.gguf`. */
  id?: string;
  /**
   * CPU threads per evaluation; always passed to llama.cpp explicitly. Defaults to 1 for models under 400M parameters
   * and to the cores llama.cpp counts for math (`llama.cpuMathCores`, capped by the CPUs this process may use) for
   * larger ones (see {@link defaultThreadsFor}). On a machine where other work keeps the cores busy, 1 is safer:
   * 2 threads ran 2–8× slower than 1 whenever another process used a core.
   */
  threads?: number;
  /**
   * Context window in tokens, per sequence. Above the model's training context (`trainContextSize`) llama.cpp runs
   * it all the same, but the model reads tokens past it poorly: the CLI warns. Defaults to the model's training
   * context, at most 4096.
   */
  contextSize?: number;
  /** Tokens evaluated per batch while reading the prompt. Defaults to min(512, contextSize). */
  batchSize?: number;
  /** Parallel sequences in the one context, i.e. calls served at once; more calls queue (FIFO). Defaults to 1. */
  sequences?: number;
  /** Sampling temperature, a finite number >= 0; 0 is greedy (deterministic). Defaults to 0. */
  temperature?: number;
  /** Sampling seed (an integer from 0 to 2^32 - 1) used when temperature > 0, so sampled results repeat. Defaults to 0. */
  seed?: number;
  /** Answer budget in tokens per call. Defaults to 512. */
  maxTokens?: number;
  /** A cut-off answer is retried once with `maxTokens` times this factor (capped by the context). Defaults to 4. */
  retryBudgetFactor?: number;
  /** `chat` uses the model's chat template, `completion` a plain text format; `auto` picks chat when the GGUF has a template. Defaults to `"auto"`. */
  promptFormat?: PromptFormat | "auto";
  /** Known sha256 of the file (e.g. from the registry), to skip hashing it. Defaults to hashing the file once per process. */
  sha256?: string;
  /**
   * Keep what each sequence last evaluated, and evaluate only the part of a new prompt after the longest start it
   * shares with it: a metric's instruction and few-shot examples are then read once per slot, not once per row.
   * The kept part is chosen so the last prompt batch has the same size class as in a fresh read, which makes the
   * next-token probabilities bit-identical to a cleared sequence's (tested on the probabilities and on every seed
   * metric's results). Not for recurrent or sliding-window models, which always start from a cleared sequence.
   * Defaults to `true`.
   */
  reusePromptPrefix?: boolean;
  /**
   * Sequences that keep earlier prompts for {@link reusePromptPrefix}; each call runs on the free slot holding the
   * longest start of its prompt, so metrics with different prompts do not evict each other. At most `sequences`
   * run at once. Each slot holds `contextSize` tokens of KV memory, allocated at load: about 48 MiB for
   * Qwen2.5-0.5B at 4096 tokens, about 512 MiB for an 8B model with 8 KV heads; lower it (or `contextSize`) when
   * memory is short. At least `sequences`. Defaults to `sequences + 4` with prompt reuse, else `sequences`.
   */
  prefixSlots?: number;
  /**
   * Finished answers kept in memory (least recently used dropped first), so an identical call (same rendered
   * prompt, schema and sampling settings) is answered without running the model again; identical calls running at
   * the same time are computed once. `0` turns this off. Defaults to `1024`.
   */
  memoSize?: number;
  /**
   * Run the judge on a GPU with node-llama-cpp's prebuilt binaries (never a build, never a download): `"auto"` uses
   * the first GPU backend that starts and falls back to the CPU, `"cuda"`, `"vulkan"` or `"metal"` must start or
   * `load` throws an `AirgapEvalError` naming what is missing. Every layer that fits is offloaded. The backend and
   * the offloaded layers are recorded in the provenance settings, so results and cache entries made on a GPU are
   * never mixed with CPU ones (GPU kernels round differently). Defaults to false (the CPU, byte-identical reruns).
   */
  gpu?: GpuOption;
  /**
   * Which of llama.cpp's CPU builds runs the judge: `"portable"` gives the same numbers on every machine of an
   * architecture (the AVX2 `haswell` build on x86-64), `"fastest"` the build ggml picks for this CPU (numbers may
   * differ between CPUs), or a build's name (`"skylakex"`, `"zen4"`, ...). One process runs one CPU build. The
   * build that ran is recorded in the provenance settings (`cpuBuild`), so results and cache entries of two builds
   * are never mixed. See docs/reproducibility.md. Defaults to `"portable"`.
   */
  cpuBuild?: CpuBuildOption;
}

/** Every load option checked, with defaults applied where they do not depend on the model. */
export function checkLoadOptions(options: LlamaCppLlmOptions) {
  if (typeof options !== "object" || options === null) {
    throw new InvalidInputError("LlamaCppLlm.load needs an options object with at least modelPath or model");
  }
  const given = options.model;
  if (given !== undefined && (given.kind !== "llm" || given.format !== "gguf")) {
    throw new InvalidInputError(
      `"${given.id}" is not a GGUF judge model (it is ${given.kind}/${given.format})`,
      {
        field: "model",
      },
    );
  }
  const modelPath = path.resolve(given?.path ?? nonEmptyString(options.modelPath, "modelPath"));
  const id =
    options.id === undefined
      ? (given?.id ?? path.basename(modelPath).replace(/\.gguf$/i, ""))
      : nonEmptyString(options.id, "id");
  const sequences = positiveInteger(options.sequences ?? 1, "sequences");
  const reusePromptPrefix = booleanOption(options.reusePromptPrefix ?? true, "reusePromptPrefix");
  const prefixSlots = positiveInteger(
    options.prefixSlots ?? (reusePromptPrefix ? sequences + DEFAULT_EXTRA_PREFIX_SLOTS : sequences),
    "prefixSlots",
  );
  if (prefixSlots < sequences) {
    throw new InvalidInputError(
      `prefixSlots (${prefixSlots}) must be at least sequences (${sequences}): every running call needs a slot.`,
      { field: "prefixSlots" },
    );
  }
  return {
    modelPath,
    id,
    threads: options.threads === undefined ? undefined : positiveInteger(options.threads, "threads"),
    sequences,
    reusePromptPrefix,
    prefixSlots,
    memoSize: nonNegativeInteger(options.memoSize ?? DEFAULT_MEMO_SIZE, "memoSize"),
    maxTokens: positiveInteger(options.maxTokens ?? DEFAULT_MAX_TOKENS, "maxTokens"),
    contextSize:
      options.contextSize === undefined ? undefined : positiveInteger(options.contextSize, "contextSize"),
    batchSize: options.batchSize === undefined ? undefined : positiveInteger(options.batchSize, "batchSize"),
    temperature: checkTemperature(options.temperature ?? 0, "temperature"),
    seed: checkSeed(options.seed ?? 0, "seed"),
    retryBudgetFactor: numberAtLeast(options.retryBudgetFactor ?? 4, 1, "retryBudgetFactor"),
    promptFormat: oneOf(
      options.promptFormat ?? "auto",
      ["auto", "chat", "completion"] as const,
      "promptFormat",
    ),
    sha256: options.sha256 === undefined ? undefined : sha256DigestOption(options.sha256, "sha256"),
    gpu: checkGpuOption(options.gpu ?? false, "gpu"),
    cpuBuild: checkCpuBuildOption(options.cpuBuild ?? "portable", "cpuBuild"),
  };
}
