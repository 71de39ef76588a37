import { AirgapEvalError } from "../errors.js";
import { type ModelProvenance, outputDifferences } from "../provenance.js";
import { SharedCalls } from "../util/shared-calls.js";
import { embedDetailed } from "./embed-detailed.js";
import type { EmbeddedTexts, Embeddings } from "./types.js";

/** What an embedder is, known without loading it: what a cache key needs, from an earlier load. */
export interface EmbeddingsIdentity {
  id: string;
  dimensions: number;
  provenance: ModelProvenance;
}

/**
 * The identity of a loaded embedder, to remember for a {@link LazyEmbeddings} of a later run.
 *
 * @example
 * cache.setJson("model-identity", key, embeddingsIdentity(embeddings));
 */
export function embeddingsIdentity(embeddings: Embeddings): EmbeddingsIdentity {
  return { id: embeddings.id, dimensions: embeddings.dimensions, provenance: embeddings.provenance() };
}

/**
 * An embedder loaded at its first call, not before: behind a `CachedEmbeddings` whose every text is in the cache,
 * the model is never loaded. Until then its identity is the one remembered from an earlier load; the load checks
 * that the model is still the same and fails that call, naming the differences, when it is not.
 *
 * @example
 * const embeddings = new CachedEmbeddings(new LazyEmbeddings(remembered, () => TransformersEmbeddings.load({ model })), cache);
 */
export class LazyEmbeddings implements Embeddings {
  readonly id: string;
  readonly dimensions: number;
  private readonly loads = new SharedCalls<0, Embeddings>("until-failure");
  private model: Embeddings | undefined;

  /**
   * @param identity What the embedder was on its last load.
   * @param load Loads the embedder; called once, at the first call (again after a failed load).
   * @param onLoad Told of the loaded embedder before the identity check. Defaults to none.
   */
  constructor(
    private readonly identity: EmbeddingsIdentity,
    private readonly load: () => Promise<Embeddings>,
    private readonly onLoad: (embeddings: Embeddings) => void = () => undefined,
  ) {
    this.id = identity.id;
    this.dimensions = identity.dimensions;
  }

  /** The loaded embedder, or undefined while no call has needed it. */
  get loadedModel(): Embeddings | undefined {
    return this.model;
  }

  /** The loaded embedder's provenance, or the remembered one until it is loaded. */
  provenance(): ModelProvenance {
    return this.model?.provenance() ?? this.identity.provenance;
  }

  /** Loads the embedder when it is not yet, then embeds. */
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return (await this.loaded()).embed(texts);
  }

  /** Loads the embedder when it is not yet, then embeds with its long-text notes. */
  async embedDetailed(texts: readonly string[]): Promise<EmbeddedTexts> {
    return embedDetailed(await this.loaded(), texts);
  }

  private loaded(): Promise<Embeddings> {
    if (this.model !== undefined) return Promise.resolve(this.model);
    return this.loads.share(0, async () => {
      const model = await this.load();
      this.model = model;
      this.onLoad(model);
      const differences = outputDifferences(this.identity.provenance, model.provenance());
      if (model.dimensions !== this.identity.dimensions)
        differences.push(`model dimensions ${this.identity.dimensions} -> ${model.dimensions}`);
      if (differences.length > 0) {
        throw new AirgapEvalError(
          `The embedder "${this.id}" loaded differently from the way remembered from an earlier run ` +
            `(${differences.join("; ")}), so vectors this run took from the cache before the load may come from the ` +
            "earlier configuration. The new configuration is remembered now: run the tests again.",
        );
      }
      return model;
    });
  }
}
