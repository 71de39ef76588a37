import type { Cache } from "../cache/cache.js";
import { cacheKey, cacheNamespaces, modelSha256 } from "../cache/keys.js";
import { InvalidInputError } from "../errors.js";
import type { ModelProvenance } from "../provenance.js";
import type { Embeddings } from "./types.js";

/**
 * An {@link Embeddings} that keeps every vector in the cache, keyed by the model file's sha256, its
 * settings and the text; only texts not seen before reach the wrapped model, in one `embed` call.
 * Vectors are stored as raw float32 bytes. A model whose provenance has no sha256 is passed through.
 *
 * @example
 * const embeddings = new CachedEmbeddings(new BatchingEmbeddings(encoder), Cache.open());
 * const [v] = await embeddings.embed(["a cat"]);
 */
export class CachedEmbeddings implements Embeddings {
  readonly id: string;
  readonly dimensions: number;
  /** Texts passed through without the cache (the model has no sha256). */
  bypassed = 0;

  constructor(
    private readonly embeddings: Embeddings,
    private readonly cache: Cache,
  ) {
    this.id = embeddings.id;
    this.dimensions = embeddings.dimensions;
  }

  /** The wrapped model's provenance. */
  provenance(): ModelProvenance {
    return this.embeddings.provenance();
  }

  /** Embeds each text, from the cache where possible. */
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const provenance = this.embeddings.provenance();
    const sha256 = modelSha256(provenance);
    if (sha256 === undefined) {
      this.bypassed += texts.length;
      return this.embeddings.embed(texts);
    }
    const base = {
      v: 1,
      model: sha256,
      runtime: provenance.runtime,
      settings: provenance.settings,
      dims: this.dimensions,
    };
    const out: Array<Float32Array | undefined> = new Array(texts.length);
    const missing = new Map<string, { key: string; indices: number[] }>();
    texts.forEach((text, index) => {
      const pending = missing.get(text);
      if (pending !== undefined) {
        pending.indices.push(index);
        return;
      }
      const key = cacheKey({ ...base, text });
      const bytes = this.cache.get(cacheNamespaces.embedding, key);
      const vector = bytes === undefined ? undefined : toVector(bytes, this.dimensions);
      if (vector === undefined) missing.set(text, { key, indices: [index] });
      else out[index] = vector;
    });
    if (missing.size > 0) {
      const wanted = [...missing.keys()];
      const vectors = await this.embeddings.embed(wanted);
      if (vectors.length !== wanted.length) {
        throw new InvalidInputError(
          `embedding model ${this.id} returned ${vectors.length} vectors for ${wanted.length} texts`,
        );
      }
      wanted.forEach((text, i) => {
        const vector = vectors[i]!;
        const entry = missing.get(text)!;
        this.cache.set(
          cacheNamespaces.embedding,
          entry.key,
          new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength),
        );
        for (const index of entry.indices) out[index] = entry.indices.length > 1 ? vector.slice() : vector;
      });
    }
    return out as Float32Array[];
  }
}

/** Copies stored bytes into a fresh (aligned) Float32Array; undefined when the length is wrong. */
function toVector(bytes: Uint8Array, dimensions: number): Float32Array | undefined {
  if (bytes.byteLength !== dimensions * 4) return undefined;
  return new Float32Array(new Uint8Array(bytes).buffer);
}
