import { AirgapEvalError, InvalidInputError } from "../errors.js";
import type { ModelProvenance } from "../provenance.js";
import { errorText } from "../util/error-text.js";
import { sha256OfData } from "../util/hash.js";
import { positiveInteger } from "../util/option-checks.js";
import type { LongTextNote } from "./long-text.js";
import { normalizeInPlace } from "./pooling.js";
import {
  type TransformersJsEmbeddingsOptions,
  type TransformersJsSettings,
  transformersJsSettings,
} from "./transformers-js-options.js";
import {
  type PipelineFacts,
  pipelineFacts,
  pipelineTokens,
  pooledRows,
  type TransformersJsPipeline,
  type TransformersJsTensorLike,
} from "./transformers-js-pipeline.js";
import type { EmbeddedTexts, Embeddings } from "./types.js";
import { validateTexts } from "./validate-texts.js";

export type { TransformersJsEmbeddingsOptions } from "./transformers-js-options.js";

/**
 * Texts `fromPipeline` embeds once to fingerprint the model: the digest of their vectors stands for the model file's
 * sha256 (which the pipeline does not expose), so two models with the same name never share cache entries.
 */
const PROBE_TEXTS = [
  "The quick brown fox jumps over the lazy dog.",
  "Paris is the capital and largest city of France.",
  "What is the boiling point of water at sea level?",
];

/** What stands for the model file's sha256 in provenance, and where it came from. */
interface Identity {
  sha256: string | undefined;
  source: "given" | "probe-vectors" | null;
}

/** One distinct text of a call and its first position in the input. */
interface Pending {
  text: string;
  index: number;
}

/**
 * Text embeddings from your own transformers.js `feature-extraction` pipeline (`@xenova/transformers` 2.x or
 * `@huggingface/transformers` 3.x), for teams that already load their encoder with transformers.js. The pipeline
 * is duck-typed ({@link TransformersJsPipeline}): airgap-eval does not depend on either library.
 *
 * The pipeline runs with its own `pooling` and without its own `normalize`; vectors are normalized here, so a text
 * with no known token keeps a zero vector (metrics report an error row for it) where the pipeline would give NaN.
 * On the same model files the vectors equal {@link TransformersEmbeddings}' (cosine >= 0.9999, tested). A text
 * longer than the tokenizer's `model_max_length` is truncated by the pipeline and reported in `longTexts`.
 *
 * @example
 * import { pipeline } from "@huggingface/transformers";
 * const extractor = await pipeline("feature-extraction", "Xenova/all-MiniLM-L6-v2");
 * await using embeddings = await TransformersJsEmbeddings.fromPipeline(extractor, { id: "all-MiniLM-L6-v2" });
 * const [a, b] = await embeddings.embed(["a cat sat", "a kitten sat"]);
 */
export class TransformersJsEmbeddings implements Embeddings, AsyncDisposable {
  /** Model id, for results and cache keys. */
  readonly id: string;
  /** The tokenizer's `model_max_length` when the pipeline exposes one: longer texts are truncated by the pipeline. */
  readonly maxLength: number | undefined;
  readonly #extractor: TransformersJsPipeline;
  readonly #settings: TransformersJsSettings;
  readonly #facts: PipelineFacts;
  #dimensions: number;
  #identity: Identity;
  #disposed = false;

  /**
   * Wraps the pipeline as it is, without running it: `dimensions` comes from the option or `config.json`'s
   * `hidden_size`, and the model's only identity is `id` (and `sha256` when given). Prefer
   * {@link TransformersJsEmbeddings.fromPipeline}, which also fingerprints the model. Throws
   * {@link InvalidInputError} (with `field` set) for a bad option, something that is not a feature-extraction
   * pipeline, or unknown dimensions.
   *
   * @example
   * const embeddings = new TransformersJsEmbeddings(extractor, { id: "my-encoder", pooling: "cls" });
   */
  constructor(extractor: TransformersJsPipeline, options: TransformersJsEmbeddingsOptions = {}) {
    checkPipeline(extractor);
    this.#extractor = extractor;
    this.#settings = transformersJsSettings(options);
    this.#facts = pipelineFacts(extractor);
    this.id = options.id ?? this.#facts.nameOrPath ?? "transformers.js pipeline";
    this.maxLength = this.#facts.maxLength;
    const dimensions = options.dimensions ?? this.#facts.hiddenSize;
    if (dimensions === undefined) {
      throw new InvalidInputError(
        "the pipeline's config.json has no hidden_size; pass `dimensions`, or use TransformersJsEmbeddings.fromPipeline, " +
          "which measures it",
        { field: "dimensions" },
      );
    }
    this.#dimensions = positiveInteger(dimensions, "dimensions");
    this.#identity = {
      sha256: this.#settings.sha256,
      source: this.#settings.sha256 === undefined ? null : "given",
    };
  }

  /**
   * Wraps the pipeline after running it once on fixed probe texts: that checks the pipeline and the options
   * (e.g. `pooling: "none"` on a model that returns token vectors), measures `dimensions`, and makes the model's
   * identity, a digest of the probe vectors, unless `sha256` is given. Two different models (even with the same
   * name) get different identities, so the result cache and `--resume` never mix them up; the same model on the same
   * machine gets the same one on every run.
   *
   * @example
   * const embeddings = await TransformersJsEmbeddings.fromPipeline(extractor, { id: "my-encoder" });
   */
  static async fromPipeline(
    extractor: TransformersJsPipeline,
    options: TransformersJsEmbeddingsOptions = {},
  ): Promise<TransformersJsEmbeddings> {
    checkPipeline(extractor);
    const { pooling } = transformersJsSettings(options);
    let output: TransformersJsTensorLike;
    try {
      output = await extractor([...PROBE_TEXTS], { pooling, normalize: false });
    } catch (err) {
      throw new AirgapEvalError(
        `the transformers.js pipeline failed on airgap-eval's probe texts: ${errorText(err)}; check that it is a ` +
          "working feature-extraction pipeline",
        { cause: err },
      );
    }
    const probe = pooledRows(output, PROBE_TEXTS.length, pooling);
    const measured = probe[0]!.length;
    if (options.dimensions !== undefined && options.dimensions !== measured) {
      throw new InvalidInputError(
        `is ${options.dimensions}, but the pipeline returns vectors of ${measured}`,
        {
          field: "dimensions",
        },
      );
    }
    const embeddings = new TransformersJsEmbeddings(extractor, { ...options, dimensions: measured });
    if (embeddings.#identity.source === null) {
      embeddings.#identity = { sha256: sha256OfData(concatBytes(probe)), source: "probe-vectors" };
    }
    return embeddings;
  }

  /** Length of each vector. */
  get dimensions(): number {
    return this.#dimensions;
  }

  /**
   * Embeds each text; the i-th vector belongs to the i-th text. Throws {@link InvalidInputError} (naming the index)
   * for a non-string, empty or whitespace-only text, and {@link AirgapEvalError} naming `texts[i]` when the pipeline
   * fails on a text or returns a non-finite value for it.
   *
   * @example
   * const vectors = await embeddings.embed(["What is the capital of France?", "Paris"]);
   */
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return (await this.embedDetailed(texts)).vectors;
  }

  /**
   * Like {@link embed}, and also says which texts were longer than the tokenizer's `model_max_length` (truncated
   * by the pipeline: `handled: "truncate"`). Empty notes when the pipeline exposes no tokenizer.
   *
   * @example
   * const { vectors, longTexts } = await embeddings.embedDetailed(passages);
   */
  async embedDetailed(texts: readonly string[]): Promise<EmbeddedTexts> {
    validateTexts(texts);
    if (this.#disposed) {
      throw new AirgapEvalError(
        `embedding model "${this.id}" was disposed; wrap a loaded pipeline again to embed`,
      );
    }
    const byText = new Map<string, { vector: Float32Array; long: LongTextNote | undefined }>();
    const toRun: Pending[] = [];
    texts.forEach((text, index) => {
      if (byText.has(text)) return;
      const tokens = this.#tokens(text, index);
      const long =
        tokens !== undefined && this.maxLength !== undefined && tokens.count > this.maxLength
          ? { tokens: tokens.count, limit: this.maxLength, handled: "truncate" as const, chunks: 1 }
          : undefined;
      // No known token: a zero vector, as TransformersEmbeddings gives (whatever the model returns for such a text
      // is the same for all of them, so "42" and "7" would score cosine 1).
      byText.set(text, { vector: new Float32Array(this.#dimensions), long });
      if (tokens?.unknownOnly !== true) toRun.push({ text, index });
    });
    // Longest first, so each call pads little.
    toRun.sort((a, b) => b.text.length - a.text.length || a.index - b.index);
    for (let start = 0; start < toRun.length; start += this.#settings.batchSize) {
      const batch = toRun.slice(start, start + this.#settings.batchSize);
      const rows = await this.#run(batch);
      batch.forEach((item, k) => {
        const vector = this.#checked(rows[k]!, item.index);
        byText.get(item.text)!.vector = this.#settings.normalize ? normalizeInPlace(vector) : vector;
      });
    }
    const seen = new Set<string>();
    const found = texts.map((text) => byText.get(text)!);
    const vectors = texts.map((text, i) => {
      // Duplicates get their own copy, so a caller mutating one vector does not change another.
      if (seen.has(text)) return found[i]!.vector.slice();
      seen.add(text);
      return found[i]!.vector;
    });
    return { vectors, longTexts: found.map(({ long }) => long && { ...long }) };
  }

  /**
   * How the model was made and configured: id, the library and its version as the runtime, the identity standing
   * for the model file's sha256 (`settings.sha256Of` says which: `"probe-vectors"`, `"given"` or `null`), pooling,
   * normalization and what the pipeline exposes about the model.
   */
  provenance(): ModelProvenance {
    return {
      id: this.id,
      kind: "embedding",
      sha256: this.#identity.sha256 ?? null,
      runtime: { ...this.#facts.library },
      settings: {
        pooling: this.#settings.pooling,
        normalize: this.#settings.normalize,
        quantized: this.#settings.quantized,
        revision: this.#settings.revision,
        modelType: this.#facts.modelType ?? null,
        maxLength: this.maxLength ?? null,
        longText: "truncate",
        sha256Of: this.#identity.source,
      },
      // Vectors do not depend on how texts are grouped into pipeline calls (masked pooling).
      performance: { batchSize: this.#settings.batchSize },
    };
  }

  /** Disposes the pipeline (unless `disposePipeline: false`); later `embed` calls throw. Safe to call twice. */
  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    if (this.#settings.disposePipeline) await this.#extractor.dispose?.();
  }

  /** Same as {@link dispose}, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }

  #tokens(text: string, index: number) {
    try {
      return pipelineTokens(this.#extractor, text);
    } catch (err) {
      throw new AirgapEvalError(
        `the transformers.js pipeline's tokenizer failed on texts[${index}] (${preview(text)}): ${errorText(err)}`,
        { cause: err },
      );
    }
  }

  /**
   * Runs one pipeline call. When it fails on several texts, each is run alone to find the one that fails, so the
   * error names it.
   */
  async #run(batch: readonly Pending[]): Promise<Float32Array[]> {
    let output: TransformersJsTensorLike;
    try {
      output = await this.#extractor(
        batch.map((item) => item.text),
        { pooling: this.#settings.pooling, normalize: false },
      );
    } catch (err) {
      if (batch.length === 1) {
        const { text, index } = batch[0]!;
        throw new AirgapEvalError(
          `the transformers.js pipeline failed on texts[${index}] (${preview(text)}): ${errorText(err)}`,
          { cause: err },
        );
      }
      for (const item of batch) await this.#run([item]);
      const indices = batch.map((item) => `texts[${item.index}]`).join(", ");
      throw new AirgapEvalError(
        `the transformers.js pipeline failed on ${indices} together, but on none alone: ${errorText(err)}; ` +
          "try a smaller batchSize",
        { cause: err },
      );
    }
    return pooledRows(output, batch.length, this.#settings.pooling);
  }

  #checked(vector: Float32Array, index: number): Float32Array {
    if (vector.length !== this.#dimensions) {
      throw new AirgapEvalError(
        `the transformers.js pipeline returned a vector of length ${vector.length} for texts[${index}], expected ` +
          `${this.#dimensions}; pass the right \`dimensions\` or use TransformersJsEmbeddings.fromPipeline`,
      );
    }
    if (!vector.every(Number.isFinite)) {
      throw new AirgapEvalError(
        `the transformers.js pipeline returned a non-finite value for texts[${index}]; the model may be damaged`,
      );
    }
    return vector;
  }
}

function checkPipeline(extractor: unknown): asserts extractor is TransformersJsPipeline {
  if (typeof extractor !== "function") {
    throw new InvalidInputError(
      `expected a transformers.js pipeline (a function), got ${extractor === null ? "null" : typeof extractor}; ` +
        'pass the result of pipeline("feature-extraction", model)',
      { field: "extractor" },
    );
  }
  const task = (extractor as TransformersJsPipeline).task;
  if (typeof task === "string" && task !== "feature-extraction") {
    throw new InvalidInputError(
      `the pipeline's task is "${task}"; pass a "feature-extraction" pipeline, which returns text vectors`,
      { field: "extractor" },
    );
  }
}

function concatBytes(rows: readonly Float32Array[]): Uint8Array {
  const all = new Float32Array(rows.reduce((n, row) => n + row.length, 0));
  let at = 0;
  for (const row of rows) {
    all.set(row, at);
    at += row.length;
  }
  return new Uint8Array(all.buffer);
}

function preview(text: string): string {
  return text.length <= 40
    ? JSON.stringify(text)
    : `${JSON.stringify(text.slice(0, 40))}…, ${text.length} characters`;
}
