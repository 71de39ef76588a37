import type { Cache } from "../cache/cache.js";
import { cacheKey, cacheNamespaces, modelSha256 } from "../cache/keys.js";
import { InvalidInputError } from "../errors.js";
import type { ModelProvenance } from "../provenance.js";
import { embedDetailed } from "./embed-detailed.js";
import { LONG_TEXT_MODES, type LongTextNote, longTextError } from "./long-text.js";
import type { EmbeddedTexts, Embeddings } from "./types.js";

/** Bytes after a long text's vector in its cache entry: tokens, limit, chunks, handled (uint32 each). */
const NOTE_BYTES = 16;

/**
 * An {@link Embeddings} that keeps every vector in the cache, keyed by the model file's sha256, its
 * settings and the text; only texts not seen before reach the wrapped model, in one `embed` call.
 * Vectors are stored as raw float32 bytes, followed for a long text by its {@link LongTextNote} (so a cached row
 * reports its long texts as a computed one does); a text refused under `longText: "error"` is not stored. A model
 * whose provenance has no sha256 is passed through.
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
    // Without notes from the wrapped model, its own `embed` decides what a long text does (it may throw).
    if (!this.embeddings.embedDetailed) return (await this.#embed(texts, false)).vectors;
    const result = await this.#embed(texts, true);
    const refused = longTextError(result.longTexts);
    if (refused) throw refused;
    return result.vectors;
  }

  /** Embeds each text, from the cache where possible, with the wrapped model's long-text notes. */
  async embedDetailed(texts: readonly string[]): Promise<EmbeddedTexts> {
    return this.#embed(texts, true);
  }

  async #embed(texts: readonly string[], detailed: boolean): Promise<EmbeddedTexts> {
    const run = (wanted: readonly string[]) =>
      detailed
        ? embedDetailed(this.embeddings, wanted)
        : this.embeddings.embed(wanted).then((vectors) => ({ vectors, longTexts: [] }));
    const provenance = this.embeddings.provenance();
    const sha256 = modelSha256(provenance);
    if (sha256 === undefined) {
      this.bypassed += texts.length;
      return run(texts);
    }
    const base = {
      // v2: a long text's note follows its vector.
      v: 2,
      model: sha256,
      runtime: provenance.runtime,
      settings: provenance.settings,
      dims: this.dimensions,
    };
    const out: Array<Float32Array | undefined> = new Array(texts.length);
    const longTexts: (LongTextNote | undefined)[] = texts.map(() => undefined);
    const missing = new Map<string, { key: string; indices: number[] }>();
    texts.forEach((text, index) => {
      const pending = missing.get(text);
      if (pending !== undefined) {
        pending.indices.push(index);
        return;
      }
      const key = cacheKey({ ...base, text });
      const bytes = this.cache.get(cacheNamespaces.embedding, key);
      const stored = bytes === undefined ? undefined : fromBytes(bytes, this.dimensions);
      if (stored === undefined) missing.set(text, { key, indices: [index] });
      else {
        out[index] = stored.vector;
        longTexts[index] = stored.long;
      }
    });
    if (missing.size > 0) {
      const wanted = [...missing.keys()];
      const { vectors, longTexts: notes } = await run(wanted);
      if (vectors.length !== wanted.length) {
        throw new InvalidInputError(
          `embedding model ${this.id} returned ${vectors.length} vectors for ${wanted.length} texts`,
        );
      }
      wanted.forEach((text, i) => {
        const vector = vectors[i]!;
        const long = notes[i];
        const entry = missing.get(text)!;
        if (long?.handled !== "error")
          this.cache.set(cacheNamespaces.embedding, entry.key, toBytes(vector, long));
        for (const index of entry.indices) {
          out[index] = entry.indices.length > 1 ? vector.slice() : vector;
          longTexts[index] = long && { ...long };
        }
      });
    }
    return { vectors: out as Float32Array[], longTexts };
  }
}

/** A cache entry: the vector's float32 bytes, then for a long text its note as four uint32. */
function toBytes(vector: Float32Array, long: LongTextNote | undefined): Uint8Array {
  const bytes = new Uint8Array(vector.byteLength + (long ? NOTE_BYTES : 0));
  bytes.set(new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength));
  if (long) {
    const note = new DataView(bytes.buffer, vector.byteLength, NOTE_BYTES);
    [long.tokens, long.limit, long.chunks, LONG_TEXT_MODES.indexOf(long.handled)].forEach((n, k) => {
      note.setUint32(4 * k, n, true);
    });
  }
  return bytes;
}

/** Reads a cache entry written by {@link toBytes} into a fresh (aligned) vector; undefined when the length is wrong. */
function fromBytes(
  bytes: Uint8Array,
  dimensions: number,
): { vector: Float32Array; long: LongTextNote | undefined } | undefined {
  const size = dimensions * 4;
  if (bytes.byteLength !== size && bytes.byteLength !== size + NOTE_BYTES) return undefined;
  const copy = new Uint8Array(bytes);
  const vector = new Float32Array(bytes.byteLength === size ? copy.buffer : copy.buffer.slice(0, size));
  if (bytes.byteLength === size) return { vector, long: undefined };
  const note = new DataView(copy.buffer, size, NOTE_BYTES);
  const handled = LONG_TEXT_MODES[note.getUint32(12, true)];
  if (handled === undefined) return undefined;
  const long = {
    tokens: note.getUint32(0, true),
    limit: note.getUint32(4, true),
    chunks: note.getUint32(8, true),
  };
  return { vector, long: { ...long, handled } };
}
