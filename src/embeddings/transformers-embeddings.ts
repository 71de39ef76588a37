import path from "node:path";
import { LRUCache } from "lru-cache";
import { AirgapEvalError, InvalidInputError } from "../errors.js";
import type { RegistryEntry } from "../models/registry-schema.js";
import { resolveModel } from "../models/resolve.js";
import type { ModelProvenance } from "../provenance.js";
import { nonNegativeInteger, oneOf, positiveInteger } from "../util/option-checks.js";
import { pinnedDigestCheck, recoveryAdvice, registryFor } from "./encoder-files.js";
import {
  DEFAULT_EMBEDDING_MEMO_SIZE,
  type EmbeddingSettings,
  modelTokenLimit,
  resolveMaxLength,
  type TransformersEmbeddingsOptions,
} from "./load-options.js";
import { loadLocalTokenizer, runtimeVersions } from "./local-runtime.js";
import {
  addWeighted,
  DEFAULT_LONG_TEXT,
  encodeWindows,
  LONG_TEXT_MODES,
  type LongText,
  type LongTextNote,
  longTextError,
} from "./long-text.js";
import { openModelDirectory } from "./model-directory.js";
import { OnnxEncoder } from "./onnx-encoder.js";
import { normalizeInPlace, poolRow } from "./pooling.js";
import { detectTemplate, encodeTruncated, type TokenTemplate } from "./token-template.js";
import type { LocalTokenizer } from "./transformers-runtime.js";
import type { EmbeddedTexts, Embeddings } from "./types.js";
import { validateTexts } from "./validate-texts.js";

export type { TransformersEmbeddingsOptions } from "./load-options.js";

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
  /** Texts run through the model that were longer than `maxLength` and cut (`longText: "truncate"`). */
  truncatedTexts: number;
  /** Texts run through the model that were longer than `maxLength` and embedded in windows (`"chunk-mean"`). */
  chunkedTexts: number;
}

/** What the memo keeps per text. */
interface Embedded {
  vector: Float32Array;
  truncated: boolean;
  chunked: boolean;
  unknown: boolean;
  long: LongTextNote | undefined;
}

/** What {@link TransformersEmbeddings.embedDetailed} returns. */
export interface EmbedDetailedResult extends EmbeddedTexts {
  /** How many inputs (counting each position, duplicates included) were longer than `maxLength` and cut. */
  truncated: number;
  /** Input indices of the cut texts, ascending. */
  truncatedIndices: number[];
  /**
   * Input indices (ascending, duplicates included) of texts longer than `maxLength` that were embedded in
   * windows and averaged (`longText: "chunk-mean"`).
   */
  chunkedIndices: number[];
  /**
   * Input indices (ascending, duplicates included) of texts that carry no information for this model: apart
   * from special tokens such as `[CLS]`/`[SEP]`, all their tokens are the tokenizer's unknown token (e.g.
   * "42" or "Привет мир" for the starter GloVe model, whose vocabulary has no numbers and no Cyrillic), or
   * they have no tokens at all. Their vector is a zero vector (never NaN, and not run through the model): a
   * zero vector has no direction, so a metric must not compare it (the metrics report an error for it).
   */
  unknownOnly: number[];
}

interface LoadedParts {
  id: string;
  unknownId: number | undefined;
  dir: string;
  dimensions: number;
  settings: EmbeddingSettings;
  tokenizer: LocalTokenizer;
  template: TokenTemplate;
  encoder: OnnxEncoder;
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
  /** What is done with a text longer than `maxLength` (see {@link TransformersEmbeddingsOptions.longText}). */
  readonly longText: LongText;
  readonly #dir: string;
  readonly #settings: EmbeddingSettings;
  readonly #tokenizer: LocalTokenizer;
  readonly #template: TokenTemplate;
  readonly #encoder: OnnxEncoder;
  readonly #memo: LRUCache<string, Embedded> | undefined;
  readonly #stats: EmbeddingStats = {
    texts: 0,
    memoHits: 0,
    modelTexts: 0,
    batches: 0,
    truncatedTexts: 0,
    chunkedTexts: 0,
  };
  readonly #unknownId: number | undefined;

  private constructor(parts: LoadedParts) {
    this.id = parts.id;
    this.#unknownId = parts.unknownId;
    this.dimensions = parts.dimensions;
    this.maxLength = parts.settings.maxLength;
    this.longText = parts.settings.longText;
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
   * const found = await TransformersEmbeddings.load({ model: await resolveModel("all-MiniLM-L6-v2") });
   */
  static async load(options: TransformersEmbeddingsOptions): Promise<TransformersEmbeddings> {
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

    const tokenizer = await loadLocalTokenizer(path.dirname(model.dir), path.basename(model.dir), recovery);
    const template = detectTemplate(tokenizer, model.dir);
    const limit = modelTokenLimit(tokenizer, model.config.max_position_embeddings);
    const maxLength = resolveMaxLength(options.maxLength ?? entrySettings.maxLength, limit, template);

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
    const result = await this.embedDetailed(texts);
    const refused = longTextError(result.longTexts);
    if (refused) throw refused;
    return result.vectors;
  }

  /**
   * Like {@link embed}, and also says which inputs were longer than `maxLength` tokens and how they were handled
   * (`longTexts`, see `longText`), and which carry no known token (their vector is a zero vector; see
   * {@link EmbedDetailedResult.unknownOnly}). Under `longText: "error"` a long text does not throw here: it gets a
   * zero vector and a `longTexts` note with `handled: "error"`, and the other texts are embedded.
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
    // One item per window: a text fits in one, a long text under "chunk-mean" takes several.
    const toRun: Array<{ index: number; ids: number[]; weight: number }> = [];
    const pending = new Map<number, { sum: Float32Array; weight: number; windows: number }>();
    for (const [text, index] of distinct) {
      const known = this.#memo?.get(text);
      if (known) {
        this.#stats.memoHits += 1;
        results[index] = { ...known, vector: known.vector.slice() };
        continue;
      }
      const encoded = encodeWindows(
        this.#tokenizer,
        this.#template,
        text,
        this.maxLength,
        this.#settings.longText,
      );
      const flags = { truncated: encoded.truncated, chunked: encoded.chunked, long: encoded.long };
      if (encoded.windows.length === 0) {
        // Refused under longText "error": not run; `embed` throws for it, `embedDetailed` reports it.
        results[index] = { vector: new Float32Array(this.dimensions), ...flags, unknown: false };
        continue;
      }
      // A text with no known token gets a zero vector and is not run: whatever the model would return for it
      // ([CLS]/[SEP] alone, or the [UNK] vector) is the same for every such text, so "42" and "7" would score
      // cosine 1 against each other.
      if (encoded.windows.every((ids) => this.#unknownOnly(ids))) {
        results[index] = { vector: new Float32Array(this.dimensions), ...flags, unknown: true };
        continue;
      }
      results[index] = { vector: new Float32Array(0), ...flags, unknown: false };
      pending.set(index, {
        sum: new Float32Array(this.dimensions),
        weight: 0,
        windows: encoded.windows.length,
      });
      encoded.windows.forEach((ids, w) => {
        toRun.push({ index, ids, weight: encoded.weights[w]! });
      });
      if (encoded.truncated) this.#stats.truncatedTexts += 1;
      if (encoded.chunked) this.#stats.chunkedTexts += 1;
    }

    // Longest first, so each batch holds texts of similar length and little padding is computed.
    toRun.sort((a, b) => b.ids.length - a.ids.length || a.index - b.index);
    for (let start = 0; start < toRun.length; start += this.#settings.batchSize) {
      const batch = toRun.slice(start, start + this.#settings.batchSize);
      const vectors = await this.#embedBatch(batch.map((item) => item.ids));
      this.#stats.batches += 1;
      batch.forEach((item, k) => {
        const entry = pending.get(item.index)!;
        // One window: its pooled vector as is (no weighting, so a text is embedded exactly as before chunking).
        if (entry.windows === 1) entry.sum = vectors[k]!;
        else addWeighted(entry.sum, vectors[k]!, item.weight);
        entry.weight += item.weight;
      });
    }
    for (const [index, entry] of pending) {
      const vector = entry.sum;
      if (entry.windows > 1) for (let k = 0; k < vector.length; k++) vector[k] = vector[k]! / entry.weight;
      if (!vector.every(Number.isFinite)) {
        throw new AirgapEvalError(
          `${this.#encoder.onnxPath}: the model produced a non-finite value; the model file may be damaged`,
        );
      }
      results[index]!.vector = this.#settings.normalize ? normalizeInPlace(vector) : vector;
      this.#stats.modelTexts += 1;
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
    const chunkedIndices = slot.flatMap((s, i) => (results[s]!.chunked ? [i] : []));
    const unknownOnly = slot.flatMap((s, i) => (results[s]!.unknown ? [i] : []));
    const longTexts = slot.map((s) => (results[s]!.long ? { ...results[s]!.long } : undefined));
    return {
      vectors,
      longTexts,
      truncated: truncatedIndices.length,
      truncatedIndices,
      chunkedIndices,
      unknownOnly,
    };
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
        longText: this.#settings.longText,
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
    // Pooled, not yet normalized: a chunked text's windows are averaged first.
    return batch.map((ids, row) =>
      poolRow(hidden.data, row, hidden.seqLength, hidden.dims, ids.length, this.#settings.pooling),
    );
  }
}
