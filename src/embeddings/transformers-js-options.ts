import { InvalidInputError } from "../errors.js";
import { booleanOption, positiveInteger, sha256DigestOption } from "../util/option-checks.js";
import type { TransformersJsPooling } from "./transformers-js-pipeline.js";

/** Options of {@link TransformersJsEmbeddings} (its constructor and `fromPipeline`). */
export interface TransformersJsEmbeddingsOptions {
  /**
   * Id recorded in results and cache keys. Defaults to `config.json`'s `_name_or_path` as the pipeline exposes it,
   * else `"transformers.js pipeline"`: give one when the model's config.json has no `_name_or_path`.
   */
  id?: string;
  /**
   * The pipeline's `pooling` option: `"mean"` (average of the real tokens, padding excluded), `"cls"` (the first
   * token) or `"none"` (for a model whose output is already one vector per text; a model that returns token
   * vectors is refused with `"none"`). Defaults to `"mean"`.
   */
  pooling?: TransformersJsPooling;
  /**
   * Scale each vector to unit length, done here rather than by the pipeline so a zero vector stays zero (the
   * pipeline's own `normalize` turns it into NaN). Defaults to `true`.
   */
  normalize?: boolean;
  /** Distinct texts per pipeline call. Defaults to `32`. */
  batchSize?: number;
  /**
   * Length of each vector. Defaults to what the pipeline returns for the probe texts (`fromPipeline`), else
   * `config.json`'s `hidden_size` (the constructor, which throws when neither is known).
   */
  dimensions?: number;
  /**
   * Whether the pipeline was loaded quantized (transformers.js 2.x `quantized`, 3.x `dtype: "q8"`): recorded in the
   * provenance settings. Neither library keeps it on the pipeline, so it is recorded only when given. Defaults to
   * not recorded (`null`).
   */
  quantized?: boolean;
  /** The model's revision (e.g. a hub commit), recorded in the provenance settings. Defaults to not recorded (`null`). */
  revision?: string;
  /**
   * sha256 of the ONNX file the pipeline loaded, when you know it: recorded as the model's sha256, the identity
   * that cache keys and `--resume` use. Defaults to, with `fromPipeline`, a digest of the pipeline's vectors for
   * fixed probe texts; with the constructor, none (results then name the model by `id` only and the embedding
   * cache is bypassed).
   */
  sha256?: string;
  /** Call the pipeline's `dispose()` when this embedder is disposed. Defaults to `true`. */
  disposePipeline?: boolean;
}

/** Checked {@link TransformersJsEmbeddingsOptions}. */
export interface TransformersJsSettings {
  pooling: TransformersJsPooling;
  normalize: boolean;
  batchSize: number;
  quantized: boolean | null;
  revision: string | null;
  sha256: string | undefined;
  disposePipeline: boolean;
}

const POOLINGS: readonly TransformersJsPooling[] = ["mean", "cls", "none"];

/** Checks the options and applies the defaults; throws `InvalidInputError` naming the option. */
export function transformersJsSettings(options: TransformersJsEmbeddingsOptions): TransformersJsSettings {
  const pooling = options.pooling ?? "mean";
  if (!POOLINGS.includes(pooling)) {
    throw new InvalidInputError(`must be "mean", "cls" or "none", got ${JSON.stringify(pooling)}`, {
      field: "pooling",
    });
  }
  if (options.revision !== undefined && (typeof options.revision !== "string" || options.revision === "")) {
    throw new InvalidInputError("must be a non-empty string", { field: "revision" });
  }
  return {
    pooling,
    normalize: booleanOption(options.normalize ?? true, "normalize"),
    batchSize: positiveInteger(options.batchSize ?? 32, "batchSize"),
    quantized: options.quantized === undefined ? null : booleanOption(options.quantized, "quantized"),
    revision: options.revision ?? null,
    sha256: options.sha256 === undefined ? undefined : sha256DigestOption(options.sha256, "sha256"),
    disposePipeline: booleanOption(options.disposePipeline ?? true, "disposePipeline"),
  };
}
