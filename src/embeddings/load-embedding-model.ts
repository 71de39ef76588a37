import path from "node:path";
import { AirgapEvalError, InvalidInputError } from "../errors.js";
import { modelFilesSha256 } from "../models/model-files-sha256.js";
import type { RegistryEntry } from "../models/registry-schema.js";
import { resolveModel } from "../models/resolve.js";
import { TextTokenizer } from "../tokenizers/index.js";
import { nonNegativeInteger, oneOf, positiveInteger } from "../util/option-checks.js";
import { pinnedDigestCheck, recoveryAdvice, registryFor } from "./encoder-files.js";
import {
  DEFAULT_EMBEDDING_MEMO_SIZE,
  type EmbeddingSettings,
  modelTokenLimit,
  resolveMaxLength,
  type TransformersEmbeddingsOptions,
} from "./load-options.js";
import { DEFAULT_LONG_TEXT, LONG_TEXT_MODES } from "./long-text.js";
import { openModelDirectory } from "./model-directory.js";
import { OnnxEncoder } from "./onnx-encoder.js";

/** A loaded embedding model: its files opened, its options checked. */
export interface LoadedEmbeddingModel {
  id: string;
  dir: string;
  dimensions: number;
  settings: EmbeddingSettings;
  tokenizer: TextTokenizer;
  encoder: OnnxEncoder;
  /** {@link modelFilesSha256} of the directory: the identity of the vectors it gives. */
  filesSha256: string;
}

/**
 * Loads an embedding model from a registry id, a local directory or a resolved model, for
 * `TransformersEmbeddings.load` (which documents the options and errors); never downloads.
 *
 * @example
 * const parts = await loadEmbeddingModel({ model: "starter/glove-100d" });
 */
export async function loadEmbeddingModel(
  options: TransformersEmbeddingsOptions,
): Promise<LoadedEmbeddingModel> {
  const given = options?.model;
  const isResolved = typeof given === "object" && given !== null && typeof given.path === "string";
  if (!isResolved && (typeof given !== "string" || given.length === 0)) {
    throw new InvalidInputError(
      "must be a registry id, the path of a model directory, or a model returned by resolveModel",
      { field: "model" },
    );
  }
  if (isResolved && given.kind !== "embedding") {
    throw new InvalidInputError(`"${given.id}" is ${given.kind} model; an embedding model is needed here`, {
      field: "model",
    });
  }
  const registry = registryFor(options);
  const fromRegistry = isResolved
    ? given
    : registry?.has(given as string)
      ? await resolveModel(given as string, {
          kind: "embedding",
          modelsDir: options.modelsDir,
          registry,
          verify: "size",
        })
      : undefined;
  const entrySettings: Partial<NonNullable<RegistryEntry["embedding"]>> =
    fromRegistry?.entry?.embedding ?? {};
  const pooling = options.pooling ?? entrySettings.pooling ?? "mean";
  if (pooling !== "mean" && pooling !== "cls") {
    throw new InvalidInputError(`must be "mean" or "cls", got ${JSON.stringify(pooling)}`, {
      field: "pooling",
    });
  }
  const batchSize = positiveInteger(options.batchSize ?? 32, "batchSize");
  const threads = positiveInteger(options.threads ?? 1, "threads");
  const memoSize = nonNegativeInteger(options.memoSize ?? DEFAULT_EMBEDDING_MEMO_SIZE, "memoSize");
  const longText = oneOf(options.longText ?? DEFAULT_LONG_TEXT, LONG_TEXT_MODES, "longText");
  const resolved = fromRegistry?.path ?? path.resolve(given as string);
  const id = options.id ?? (isResolved ? given.id : (fromRegistry?.entry?.id ?? path.basename(resolved)));
  const recovery = recoveryAdvice(fromRegistry);
  const model = await openModelDirectory(resolved, id, options.quantized ?? entrySettings.quantized, {
    registry,
    recovery,
  });

  const tokenizer = await TextTokenizer.load(model.dir, recovery);
  const limit = modelTokenLimit(tokenizer, model.config.max_position_embeddings);
  const maxLength = resolveMaxLength(options.maxLength ?? entrySettings.maxLength, limit, tokenizer);

  const encoder = await OnnxEncoder.open(
    model.onnxPath,
    threads,
    pinnedDigestCheck(fromRegistry, model.onnxPath),
  );
  const settings: EmbeddingSettings = {
    pooling,
    normalize: options.normalize ?? entrySettings.normalize ?? true,
    quantized: model.quantized,
    batchSize,
    maxLength,
    longText,
    threads,
    memoSize,
  };
  const hiddenSize = model.config.hidden_size;
  const dimensions =
    typeof hiddenSize === "number" && Number.isInteger(hiddenSize) && hiddenSize > 0
      ? hiddenSize
      : (await encoder.run([tokenizer.encodeSingle("probe", maxLength).ids], tokenizer.padId)).dims;
  if (entrySettings.dimensions !== undefined && entrySettings.dimensions !== dimensions) {
    await encoder.close();
    throw new AirgapEvalError(
      `embedding model "${id}" (${model.dir}) has ${dimensions} dimensions, but the registry ` +
        `(${registry?.file}) says ${entrySettings.dimensions}; the files are from another model: ${recovery}`,
    );
  }
  const filesSha256 = modelFilesSha256(model.dir, model.onnxPath, encoder.sha256);
  return { id, dir: model.dir, dimensions, settings, tokenizer, encoder, filesSha256 };
}
