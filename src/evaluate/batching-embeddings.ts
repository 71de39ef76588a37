import type { Embeddings } from "../embeddings/types.js";
import { AirgapEvalError } from "../errors.js";
import type { ModelProvenance } from "../provenance.js";

/** Options for {@link BatchingEmbeddings}. */
export interface BatchingEmbeddingsOptions {
  /** How long to collect calls before sending a batch, in ms. Defaults to 5. */
  windowMs?: number;
  /** Send at once when this many texts are waiting. Defaults to 64. */
  maxBatchSize?: number;
}

interface Waiting {
  texts: readonly string[];
  resolve: (vectors: Float32Array[]) => void;
  reject: (err: unknown) => void;
}

/**
 * An {@link Embeddings} that gathers the `embed` calls made by concurrent rows within a few
 * milliseconds and sends them to the wrapped model as one batch (duplicate texts embedded once), so
 * embeddings are batched across rows without metrics knowing about each other. Put it inside a
 * `CachedEmbeddings`, so only cache misses are batched.
 *
 * @example
 * const embeddings = new CachedEmbeddings(new BatchingEmbeddings(encoder, { maxBatchSize: 32 }), cache);
 */
export class BatchingEmbeddings implements Embeddings {
  readonly id: string;
  readonly dimensions: number;
  /** Batches sent to the wrapped model so far. */
  batches = 0;
  private readonly windowMs: number;
  private readonly maxBatchSize: number;
  private waiting: Waiting[] = [];
  private waitingTexts = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly embeddings: Embeddings,
    options: BatchingEmbeddingsOptions = {},
  ) {
    this.id = embeddings.id;
    this.dimensions = embeddings.dimensions;
    this.windowMs = options.windowMs ?? 5;
    this.maxBatchSize = Math.max(1, options.maxBatchSize ?? 64);
  }

  /** The wrapped model's provenance. */
  provenance(): ModelProvenance {
    return this.embeddings.provenance();
  }

  /** Queues the texts for the next batch and resolves with their vectors. */
  embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      this.waiting.push({ texts, resolve, reject });
      this.waitingTexts += texts.length;
      if (this.waitingTexts >= this.maxBatchSize) this.flush();
      else if (this.timer === undefined) this.timer = setTimeout(() => this.flush(), this.windowMs);
    });
  }

  private flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    this.waitingTexts = 0;
    if (batch.length === 0) return;
    const unique = [...new Set(batch.flatMap((w) => w.texts))];
    this.batches++;
    this.embeddings.embed(unique).then(
      (vectors) => {
        if (vectors.length !== unique.length) {
          const err = new AirgapEvalError(
            `embedding model ${this.id} returned ${vectors.length} vectors for ${unique.length} texts`,
          );
          for (const w of batch) w.reject(err);
          return;
        }
        const byText = new Map(unique.map((text, i) => [text, vectors[i]!]));
        for (const w of batch) w.resolve(w.texts.map((t) => byText.get(t)!.slice()));
      },
      (err: unknown) => {
        for (const w of batch) w.reject(err);
      },
    );
  }
}
