import { existsSync } from "node:fs";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { AirgapEvalError, InvalidInputError, ModelIntegrityError } from "../errors.js";
import { integrityMessage } from "../models/integrity.js";
import { loadRegistry, type ModelRegistry } from "../models/registry.js";
import type { RegistryEntry } from "../models/registry-schema.js";
import { type ResolvedModel, resolveModel } from "../models/resolve.js";
import type { ModelProvenance } from "../provenance.js";
import { loadLocalTokenizer, runtimeVersions } from "./local-runtime.js";
import { defaultRecovery, openModelDirectory } from "./model-directory.js";
import { OnnxEncoder } from "./onnx-encoder.js";
import { normalizeInPlace, type Pooling, poolRow } from "./pooling.js";
import { detectTemplate, encodeTruncated, type TokenTemplate } from "./token-template.js";
import type { LocalTokenizer } from "./transformers-runtime.js";
import type { Embeddings } from "./types.js";
import { validateTexts } from "./validate-texts.js";

/** Default {@link TransformersEmbeddingsOptions.memoSize}. */
export const DEFAULT_EMBEDDING_MEMO_SIZE = 4096;

/** Upper bound of the default `maxLength`, for tokenizers that declare no real limit (e.g. `1e30`). */
const MAX_LENGTH_CAP = 512;

/** Options of {@link TransformersEmbeddings.load}. */
export interface TransformersEmbeddingsOptions {
  /**
   * A registry id (`starter/glove-100d`, `all-MiniLM-L6-v2`; see `airgap-eval models list`) or the directory of
   * a model in the transformers.js layout: `config.json`, `tokenizer.json`, `tokenizer_config.json`,
   * `onnx/model.onnx` and/or `onnx/model_quantized.onnx`. An id is found in the models directory (`modelsDir`,
   * then `AIRGAP_EVAL_MODELS`, then the user cache directory; built-in models inside the package), its files'
   * sizes are checked and the ONNX file's sha256 is compared with the pinned one; the entry's `embedding`
   * settings become the defaults of `pooling`, `normalize`, `quantized` and `maxLength`. Required; there is
   * no default.
   */
  model: string;
  /** Id recorded in results and cache keys. Defaults to the registry id, or the directory's base name. */
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
   * Maximum tokens per text, special tokens included; longer texts are cut (keeping `[CLS]`/`[SEP]`) and
   * counted in {@link EmbedDetailedResult.truncated}. Defaults to the registry entry's `maxLength`, else the
   * tokenizer's `model_max_length` capped by `config.json`'s `max_position_embeddings` and by 512.
   */
  maxLength?: number;
  /**
   * onnxruntime intra-op threads. Defaults to `1`: on the 2-core reference machine a second thread gave no
   * measurable gain for small encoders and competes with the judge LLM (see `bench/embeddings.ts`).
   */
  threads?: number;
  /**
   * Vectors of recently embedded texts kept in memory (least recently used dropped first), so a text seen again,
   * in the same call or a later one, is not run through the model twice. `0` turns this off (each call still runs
   * each distinct text once). Defaults to `4096` (about 6 MB for 384 dimensions).
   */
  memoSize?: number;
}

/** Work done by a {@link TransformersEmbeddings} since it was loaded. */
export interface EmbeddingStats {
  /** Texts passed to `embed`/`embedDetailed`, duplicates included. */
  texts: number;
  /** Distinct texts of a call answered from the memo. */
  memoHits: number;
  /** Texts run through the model. */
  modelTexts: number;
  /** Batches run through the model. */
  batches: number;
}

/** What the memo keeps per text. */
interface Embedded {
  vector: Float32Array;
  truncated: boolean;
  unknown: boolean;
}

/** What {@link TransformersEmbeddings.embedDetailed} returns. */
export interface EmbedDetailedResult {
  /** One vector per input text, in input order. */
  vectors: Float32Array[];
  /** How many inputs (counting each position, duplicates included) were longer than `maxLength` and cut. */
  truncated: number;
  /** Input indices of the cut texts, ascending. */
  truncatedIndices: number[];
  /**
   * Input indices (ascending, duplicates included) of texts that carry no information for this model: apart
   * from special tokens such as `[CLS]`/`[SEP]`, all their tokens are the tokenizer's unknown token (e.g.
   * "42" or "Привет мир" for the starter GloVe model, whose vocabulary has no numbers and no Cyrillic), or
   * they have no tokens at all. Their vector is a zero vector (never NaN, and not run through the model): a
   * zero vector has no direction, so a metric must not compare it (the metrics report an error for it).
   */
  unknownOnly: number[];
}

interface Settings {
  pooling: Pooling;
  normalize: boolean;
  quantized: boolean;
  batchSize: number;
  maxLength: number;
  threads: number;
  memoSize: number;
}

interface LoadedParts {
  id: string;
  unknownId: number | undefined;
  dir: string;
  dimensions: number;
  settings: Settings;
  tokenizer: LocalTokenizer;
  template: TokenTemplate;
  encoder: OnnxEncoder;
}

function positiveInteger(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new InvalidInputError(`must be a positive integer, got ${String(value)}`, { field: name });
  }
  return value;
}

/** The largest `maxLength` the model accepts: the tokenizer's `model_max_length` and `max_position_embeddings`. */
function modelTokenLimit(tokenizer: LocalTokenizer, maxPositions: number | undefined): number {
  const declared: unknown = tokenizer.model_max_length;
  const fromTokenizer =
    typeof declared === "number" && Number.isFinite(declared) && declared > 0 ? declared : Infinity;
  return Math.min(fromTokenizer, maxPositions ?? Infinity);
}

function resolveMaxLength(requested: number | undefined, limit: number, template: TokenTemplate): number {
  const maxLength = positiveInteger(requested, "maxLength", Math.min(limit, MAX_LENGTH_CAP));
  if (maxLength > limit) {
    throw new InvalidInputError(
      `${maxLength} exceeds the model's limit of ${limit} tokens; use at most ${limit}`,
      {
        field: "maxLength",
      },
    );
  }
  const minLength = template.prefix.length + template.suffix.length + 1;
  if (maxLength < minLength) {
    throw new InvalidInputError(
      `${maxLength} leaves no room for text after the special tokens; use at least ${minLength}`,
      { field: "maxLength" },
    );
  }
  return maxLength;
}

/**
 * Text embeddings from a local ONNX encoder, run in-process by `@xenova/transformers` (onnxruntime-node).
 *
 * Only local files are ever read: transformers.js's remote loading is switched off in code before every load,
 * and the ONNX session is built from bytes read from disk. Tokenization uses the model's own tokenizer through
 * transformers.js; pooling uses the attention mask, so results do not depend on batching or padding, and they
 * equal transformers.js's `feature-extraction` pipeline output (within float rounding).
 *
 * A text whose tokens are all unknown to the model gets a zero vector (see {@link EmbedDetailedResult.unknownOnly}).
 *
 * @example
 * await using embeddings = await TransformersEmbeddings.load({ model: "starter/glove-100d" });
 * const [a, b] = await embeddings.embed(["a cat sat", "a kitten sat"]);
 * console.log(cosineSimilarity(a, b));
 */
export class TransformersEmbeddings implements Embeddings, AsyncDisposable {
  /** Model id, for results and cache keys. */
  readonly id: string;
  /** Length of each vector (`hidden_size` of config.json). */
  readonly dimensions: number;
  /** Maximum tokens per text, special tokens included. */
  readonly maxLength: number;
  readonly #dir: string;
  readonly #settings: Settings;
  readonly #tokenizer: LocalTokenizer;
  readonly #template: TokenTemplate;
  readonly #encoder: OnnxEncoder;
  readonly #memo: LRUCache<string, Embedded> | undefined;
  readonly #stats: EmbeddingStats = { texts: 0, memoHits: 0, modelTexts: 0, batches: 0 };
  readonly #unknownId: number | undefined;

  private constructor(parts: LoadedParts) {
    this.id = parts.id;
    this.#unknownId = parts.unknownId;
    this.dimensions = parts.dimensions;
    this.maxLength = parts.settings.maxLength;
    this.#dir = parts.dir;
    this.#settings = parts.settings;
    this.#tokenizer = parts.tokenizer;
    this.#template = parts.template;
    this.#encoder = parts.encoder;
    this.#memo = parts.settings.memoSize > 0 ? new LRUCache({ max: parts.settings.memoSize }) : undefined;
  }

  /**
   * Loads the model from a registry id or a local directory; never downloads. Throws
   * {@link ModelNotFoundError} when the model or one of its files is missing (for a registry id, naming the
   * `models pull` command and the folder to copy it into), {@link ModelIntegrityError} when a registry model's
   * ONNX file differs from its pinned sha256, and {@link InvalidInputError} (with `field` set to the option
   * name) for a bad option.
   *
   * @example
   * const starter = await TransformersEmbeddings.load({ model: "starter/glove-100d" });
   * const miniLm = await TransformersEmbeddings.load({ model: "all-MiniLM-L6-v2", modelsDir: "/mnt/models" });
   * const custom = await TransformersEmbeddings.load({ model: "/models/my-encoder", batchSize: 16 });
   */
  static async load(options: TransformersEmbeddingsOptions): Promise<TransformersEmbeddings> {
    if (typeof options?.model !== "string" || options.model.length === 0) {
      throw new InvalidInputError("must be a registry id or the path of a model directory", {
        field: "model",
      });
    }
    const registry = registryFor(options);
    const fromRegistry = registry?.has(options.model)
      ? await resolveModel(options.model, {
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
    const batchSize = positiveInteger(options.batchSize, "batchSize", 32);
    const threads = positiveInteger(options.threads, "threads", 1);
    const memoSize = options.memoSize ?? DEFAULT_EMBEDDING_MEMO_SIZE;
    if (!Number.isInteger(memoSize) || memoSize < 0) {
      throw new InvalidInputError(`must be an integer >= 0, got ${String(memoSize)}`, { field: "memoSize" });
    }
    const resolved = fromRegistry?.path ?? path.resolve(options.model);
    const id = options.id ?? fromRegistry?.entry?.id ?? path.basename(resolved);
    const recovery = recoveryAdvice(fromRegistry);
    const model = await openModelDirectory(resolved, id, options.quantized ?? entrySettings.quantized, {
      registry,
      recovery,
    });

    const tokenizer = await loadLocalTokenizer(path.dirname(model.dir), path.basename(model.dir), recovery);
    const template = detectTemplate(tokenizer, model.dir);
    const limit = modelTokenLimit(tokenizer, model.config.max_position_embeddings);
    const maxLength = resolveMaxLength(options.maxLength ?? entrySettings.maxLength, limit, template);

    const encoder = await OnnxEncoder.open(
      model.onnxPath,
      threads,
      pinnedDigestCheck(fromRegistry, model.onnxPath),
    );
    const settings: Settings = {
      pooling,
      normalize: options.normalize ?? entrySettings.normalize ?? true,
      quantized: model.quantized,
      batchSize,
      maxLength,
      threads,
      memoSize,
    };
    const hiddenSize = model.config.hidden_size;
    const dimensions =
      typeof hiddenSize === "number" && Number.isInteger(hiddenSize) && hiddenSize > 0
        ? hiddenSize
        : (await encoder.run([encodeTruncated(tokenizer, template, "probe", maxLength).ids], 0)).dims;
    if (entrySettings.dimensions !== undefined && entrySettings.dimensions !== dimensions) {
      await encoder.close();
      throw new AirgapEvalError(
        `embedding model "${id}" (${model.dir}) has ${dimensions} dimensions, but the registry ` +
          `(${registry?.file}) says ${entrySettings.dimensions}; the files are from another model: ${recovery}`,
      );
    }
    const unknownId: unknown = tokenizer.unk_token_id;
    return new TransformersEmbeddings({
      id,
      unknownId: typeof unknownId === "number" ? unknownId : undefined,
      dir: model.dir,
      dimensions,
      settings,
      tokenizer,
      template,
      encoder,
    });
  }

  /**
   * Embeds each text; the i-th vector belongs to the i-th text. Each distinct text is run once per call.
   * Throws {@link InvalidInputError} (naming the index) for a non-string, empty or whitespace-only text.
   *
   * @example
   * const vectors = await embeddings.embed(["What is the capital of France?", "Paris"]);
   */
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return (await this.embedDetailed(texts)).vectors;
  }

  /**
   * Like {@link embed}, and also says which inputs were longer than `maxLength` tokens and were cut, and which
   * carry no known token (their vector is a zero vector; see {@link EmbedDetailedResult.unknownOnly}).
   *
   * @example
   * const { vectors, truncated } = await embeddings.embedDetailed(passages);
   * if (truncated > 0) console.warn(`${truncated} passages were cut to ${embeddings.maxLength} tokens`);
   */
  async embedDetailed(texts: readonly string[]): Promise<EmbedDetailedResult> {
    validateTexts(texts);
    if (this.#encoder.closed) {
      throw new AirgapEvalError(
        `embedding model "${this.id}" (${this.#dir}) was disposed; load it again to embed`,
      );
    }

    // Each distinct text once; `slot[i]` is the distinct-text index of input i.
    const distinct = new Map<string, number>();
    const slot = texts.map((text) => {
      let index = distinct.get(text);
      if (index === undefined) {
        index = distinct.size;
        distinct.set(text, index);
      }
      return index;
    });
    this.#stats.texts += texts.length;
    const results: Embedded[] = new Array(distinct.size);
    const toRun: Array<{ index: number; text: string; ids: number[]; truncated: boolean }> = [];
    for (const [text, index] of distinct) {
      const known = this.#memo?.get(text);
      if (known) {
        this.#stats.memoHits += 1;
        results[index] = { ...known, vector: known.vector.slice() };
        continue;
      }
      const { ids, truncated } = encodeTruncated(this.#tokenizer, this.#template, text, this.maxLength);
      // A text with no known token gets a zero vector and is not run: whatever the model would return for it
      // ([CLS]/[SEP] alone, or the [UNK] vector) is the same for every such text, so "42" and "7" would score
      // cosine 1 against each other.
      if (this.#unknownOnly(ids)) {
        results[index] = { vector: new Float32Array(this.dimensions), truncated, unknown: true };
      } else {
        toRun.push({ index, text, ids, truncated });
      }
    }

    // Longest first, so each batch holds texts of similar length and little padding is computed.
    toRun.sort((a, b) => b.ids.length - a.ids.length || a.index - b.index);
    for (let start = 0; start < toRun.length; start += this.#settings.batchSize) {
      const batch = toRun.slice(start, start + this.#settings.batchSize);
      const vectors = await this.#embedBatch(batch.map((item) => item.ids));
      this.#stats.batches += 1;
      this.#stats.modelTexts += batch.length;
      batch.forEach((item, k) => {
        results[item.index] = { vector: vectors[k]!, truncated: item.truncated, unknown: false };
      });
    }
    for (const [text, index] of distinct) {
      const result = results[index]!;
      if (this.#memo && !this.#memo.has(text))
        this.#memo.set(text, { ...result, vector: result.vector.slice() });
    }

    const seen = new Set<number>();
    const vectors = slot.map((s) => {
      const vector = results[s]!.vector;
      // Duplicates get their own copy, so a caller mutating one vector does not change another.
      if (seen.has(s)) return vector.slice();
      seen.add(s);
      return vector;
    });
    const truncatedIndices = slot.flatMap((s, i) => (results[s]!.truncated ? [i] : []));
    const unknownOnly = slot.flatMap((s, i) => (results[s]!.unknown ? [i] : []));
    return { vectors, truncated: truncatedIndices.length, truncatedIndices, unknownOnly };
  }

  /** How the model was made and configured: id, path and sha256 of the ONNX file, runtime, settings. */
  provenance(): ModelProvenance {
    const versions = runtimeVersions();
    return {
      id: this.id,
      kind: "embedding",
      path: this.#encoder.onnxPath,
      sha256: this.#encoder.sha256,
      runtime: { name: "@xenova/transformers", version: versions.transformers },
      settings: {
        pooling: this.#settings.pooling,
        normalize: this.#settings.normalize,
        quantized: this.#settings.quantized,
        maxLength: this.#settings.maxLength,
        onnxruntime: `onnxruntime-node ${versions.onnxruntime}`,
      },
      // Vectors do not depend on how texts are batched (equal within 1e-5, tested) or on the thread count, and the
      // memo returns the vector the model gave for the same text.
      performance: {
        batchSize: this.#settings.batchSize,
        threads: this.#settings.threads,
        memoSize: this.#settings.memoSize,
      },
    };
  }

  /**
   * Work done since the model was loaded: texts asked for, texts answered from the memo, texts and batches run
   * through the model.
   *
   * @example
   * const { texts, modelTexts } = embeddings.stats();
   */
  stats(): EmbeddingStats {
    return { ...this.#stats };
  }

  /** Releases the ONNX session; later `embed` calls throw. Safe to call twice. */
  async dispose(): Promise<void> {
    await this.#encoder.close();
  }

  /** Same as {@link dispose}, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }

  /** True when `ids` hold, besides the template's special tokens, no token or only the unknown token. */
  #unknownOnly(ids: readonly number[]): boolean {
    const own = ids.slice(this.#template.prefix.length, ids.length - this.#template.suffix.length);
    return own.every((id) => id === this.#unknownId);
  }

  async #embedBatch(batch: readonly number[][]): Promise<Float32Array[]> {
    const hidden = await this.#encoder.run(batch, this.#tokenizer.pad_token_id ?? 0);
    if (hidden.dims !== this.dimensions) {
      throw new AirgapEvalError(
        `${this.#encoder.onnxPath}: the model returned vectors of length ${hidden.dims}, but config.json says ` +
          `hidden_size ${this.dimensions}; fix config.json`,
      );
    }
    return batch.map((ids, row) => {
      const vector = poolRow(
        hidden.data,
        row,
        hidden.seqLength,
        hidden.dims,
        ids.length,
        this.#settings.pooling,
      );
      if (!vector.every(Number.isFinite)) {
        throw new AirgapEvalError(
          `${this.#encoder.onnxPath}: the model produced a non-finite value; the model file may be damaged`,
        );
      }
      return this.#settings.normalize ? normalizeInPlace(vector) : vector;
    });
  }
}

/** The registry to look `model` up in; undefined when the package registry is unreadable and `model` is a path. */
function registryFor(options: TransformersEmbeddingsOptions): ModelRegistry | undefined {
  if (options.registry) return options.registry;
  try {
    return loadRegistry();
  } catch (err) {
    // A broken package registry must not stop loading a directory the user named; without one, report it.
    if (existsSync(options.model)) return undefined;
    throw err;
  }
}

/** What to do about a damaged file of `model`: pull or rebuild it for a registry model, else copy it again. */
function recoveryAdvice(model: ResolvedModel | undefined): string {
  if (model?.entry === undefined) return defaultRecovery;
  if (model.location === "builtin") {
    return "reinstall airgap-eval to rebuild it (in a checkout: node --import tsx scripts/build-starter-model.ts --force)";
  }
  return `delete ${model.dir}, run "airgap-eval models pull ${model.id}" on a connected machine and copy the folder it prints here again`;
}

/** Refuses the ONNX file when the registry (or the pull lock file) pins another sha256. */
function pinnedDigestCheck(
  model: ResolvedModel | undefined,
  onnxPath: string,
): ((sha256: string) => void) | undefined {
  const file = model?.files.find((f) => f.absolutePath === onnxPath);
  const expected = file?.sha256;
  if (!model || !file || !expected) return undefined;
  return (actual) => {
    if (actual === expected) return;
    throw new ModelIntegrityError(
      integrityMessage(model, file, `has sha256 ${actual}, expected ${expected}`),
      onnxPath,
      expected,
      actual,
    );
  };
}
