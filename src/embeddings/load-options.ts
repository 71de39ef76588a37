import { InvalidInputError } from "../errors.js";
import type { ModelRegistry } from "../models/registry.js";
import type { ResolvedModel } from "../models/resolved-model.js";
import type { TextTokenizer } from "../tokenizers/index.js";
import { positiveInteger } from "../util/option-checks.js";
import type { LongText } from "./long-text.js";
import type { Pooling } from "./pooling.js";

/** Default {@link TransformersEmbeddingsOptions.memoSize}. */
export const DEFAULT_EMBEDDING_MEMO_SIZE = 4096;

/** Options of {@link TransformersEmbeddings.load}. */
export interface TransformersEmbeddingsOptions {
  /**
   * A registry id (`starter/glove-100d`, `all-MiniLM-L6-v2`; see `airgap-eval models list`) or the directory of
   * a model in the transformers.js layout: `config.json`, `tokenizer.json`, `tokenizer_config.json`,
   * `onnx/model.onnx` and/or `onnx/model_quantized.onnx`. An id is found in the models directory (`modelsDir`,
   * then `AIRGAP_EVAL_MODELS`, then the user cache directory; built-in models inside the package), its files'
   * sizes are checked and the ONNX file's sha256 is compared with the pinned one; the entry's `embedding`
   * settings become the defaults of `pooling`, `normalize`, `quantized` and `maxLength`. A model already found
   * with `resolveModel` is loaded as found (finding a model is separate from loading it). Required; there is
   * no default.
   */
  model: string | ResolvedModel;
  /** Id recorded in results and cache keys. Defaults to the resolved model's id, the registry id, or the directory's base name. */
  id?: string;
  /**
   * Models directory searched first when `model` is a registry id (like `--models-dir`). Defaults to
   * `AIRGAP_EVAL_MODELS`, then the user cache directory.
   */
  modelsDir?: string;
  /** Registry in which `model` is looked up. Defaults to the package's `models.json`. */
  registry?: ModelRegistry;
  /**
   * `mean` (average of the real tokens, padding excluded) or `cls` (the first token). Defaults to the registry
   * entry's `pooling`, else `"mean"`.
   */
  pooling?: Pooling;
  /**
   * Scale each vector to unit length (a zero vector stays zero). Defaults to the registry entry's `normalize`,
   * else `true`.
   */
  normalize?: boolean;
  /**
   * Load `onnx/model_quantized.onnx` instead of `onnx/model.onnx`. Defaults to the registry entry's
   * `quantized`, else `true` when `onnx/model_quantized.onnx` exists and `false` otherwise (the same file
   * transformers.js picks by default).
   */
  quantized?: boolean;
  /** Number of distinct texts run through the model at once. Defaults to `32`. */
  batchSize?: number;
  /**
   * Maximum tokens per text (per window), special tokens included; a longer text is handled as `longText` says.
   * Defaults to the registry entry's `maxLength`, else the
   * tokenizer's `model_max_length` capped by `config.json`'s `max_position_embeddings` and by 512.
   */
  maxLength?: number;
  /**
   * What to do with a text longer than `maxLength` tokens: `"chunk-mean"` embeds it in windows of `maxLength`
   * tokens and averages them weighted by token count, `"truncate"` keeps its first tokens (counted in
   * {@link EmbedDetailedResult.truncated}), `"error"` throws an `InvalidInputError` naming the text. Recorded
   * in the provenance settings, so it is part of the cache keys. See docs/embeddings.md, "Long texts".
   * Defaults to `"chunk-mean"`.
   */
  longText?: LongText;
  /**
   * onnxruntime intra-op threads. Small encoders gain little from more, and they compete with the judge LLM.
   * Defaults to `1`.
   */
  threads?: number;
  /**
   * Vectors of recently embedded texts kept in memory (least recently used dropped first), so a text seen again,
   * in the same call or a later one, is not run through the model twice. `0` turns this off (each call still runs
   * each distinct text once). Defaults to `4096` (about 6 MB for 384 dimensions).
   */
  memoSize?: number;
}

/** Checked load settings of a {@link TransformersEmbeddings}. */
export interface EmbeddingSettings {
  pooling: Pooling;
  normalize: boolean;
  quantized: boolean;
  batchSize: number;
  maxLength: number;
  longText: LongText;
  threads: number;
  memoSize: number;
}

/** Upper bound of the default `maxLength`, for tokenizers that declare no real limit (e.g. `1e30`). */
const MAX_LENGTH_CAP = 512;

/** The largest `maxLength` the model accepts: the tokenizer's `model_max_length` and `max_position_embeddings`. */
export function modelTokenLimit(tokenizer: TextTokenizer, maxPositions: number | undefined): number {
  return Math.min(tokenizer.modelMaxLength ?? Infinity, maxPositions ?? Infinity);
}

export function resolveMaxLength(
  requested: number | undefined,
  limit: number,
  tokenizer: TextTokenizer,
): number {
  const maxLength = positiveInteger(requested ?? Math.min(limit, MAX_LENGTH_CAP), "maxLength");
  if (maxLength > limit) {
    throw new InvalidInputError(
      `${maxLength} exceeds the model's limit of ${limit} tokens; use at most ${limit}`,
      {
        field: "maxLength",
      },
    );
  }
  const { prefix, suffix } = tokenizer.special.single;
  const minLength = prefix.length + suffix.length + 1;
  if (maxLength < minLength) {
    throw new InvalidInputError(
      `${maxLength} leaves no room for text after the special tokens; use at least ${minLength}`,
      { field: "maxLength" },
    );
  }
  return maxLength;
}
