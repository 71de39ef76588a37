import { LRUCache } from "lru-cache";
import { AirgapEvalError } from "../errors.js";
import type { ModelProvenance } from "../provenance.js";
import type { TextTokenizer } from "../tokenizers/index.js";
import type { EmbedDetailedResult, Embedded, EmbeddingStats } from "./embedding-results.js";
import { type LoadedEmbeddingModel, loadEmbeddingModel } from "./load-embedding-model.js";
import type { EmbeddingSettings, TransformersEmbeddingsOptions } from "./load-options.js";
import { addWeighted, encodeWindows, type LongText, longTextError } from "./long-text.js";
import type { OnnxEncoder } from "./onnx-encoder.js";
import { normalizeInPlace, poolRow } from "./pooling.js";
import { runtimeVersions } from "./runtime-versions.js";
import type { Embeddings } from "./types.js";
import { validateTexts } from "./validate-texts.js";

export type { TransformersEmbeddingsOptions } from "./load-options.js";

/**
 * Text embeddings from a local ONNX encoder, run in-process by onnxruntime-node.
 *
 * Only local files are ever read: the ONNX session is built from bytes read from disk, and the model's own
 * tokenizer (`tokenizer.json`, `tokenizer_config.json`) is run by `@huggingface/tokenizers` (pure JavaScript, see
 * src/tokenizers/). Pooling uses the attention mask, so results do not depend on batching or padding, and they
 * equal transformers.js's `feature-extraction` pipeline output (within float rounding; tested on the test encoders).
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
  readonly #tokenizer: TextTokenizer;
  readonly #encoder: OnnxEncoder;
  readonly #filesSha256: string;
  readonly #memo: LRUCache<string, Embedded> | undefined;
  readonly #stats: EmbeddingStats = {
    texts: 0,
    memoHits: 0,
    modelTexts: 0,
    batches: 0,
    truncatedTexts: 0,
    chunkedTexts: 0,
  };

  private constructor(parts: LoadedEmbeddingModel) {
    this.id = parts.id;
    this.dimensions = parts.dimensions;
    this.maxLength = parts.settings.maxLength;
    this.longText = parts.settings.longText;
    this.#dir = parts.dir;
    this.#settings = parts.settings;
    this.#tokenizer = parts.tokenizer;
    this.#encoder = parts.encoder;
    this.#filesSha256 = parts.filesSha256;
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
    return new TransformersEmbeddings(await loadEmbeddingModel(options));
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
      const encoded = encodeWindows(this.#tokenizer, text, this.maxLength, this.#settings.longText);
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

  /**
   * How the model was made and configured: id, path and sha256 of the ONNX file, the digest over all the files that
   * change its vectors (ONNX, config.json, tokenizer files), runtime, settings.
   */
  provenance(): ModelProvenance {
    const versions = runtimeVersions();
    return {
      id: this.id,
      kind: "embedding",
      path: this.#encoder.onnxPath,
      sha256: this.#encoder.sha256,
      filesSha256: this.#filesSha256,
      runtime: { name: "onnxruntime-node", version: versions.onnxruntime },
      settings: {
        pooling: this.#settings.pooling,
        normalize: this.#settings.normalize,
        quantized: this.#settings.quantized,
        maxLength: this.#settings.maxLength,
        longText: this.#settings.longText,
        tokenizer: `@huggingface/tokenizers ${versions.tokenizers}`,
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
    const { prefix, suffix } = this.#tokenizer.special.single;
    const unknownId = this.#tokenizer.unkId;
    return ids.slice(prefix.length, ids.length - suffix.length).every((id) => id === unknownId);
  }

  async #embedBatch(batch: readonly number[][]): Promise<Float32Array[]> {
    const hidden = await this.#encoder.run(batch, this.#tokenizer.padId);
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
