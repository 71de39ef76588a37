// Bag-of-words embeddings for tests: each lower-cased word of four letters or more adds 1 to a hashed dimension, so
// texts sharing words are close and texts sharing none are orthogonal (up to hash collisions), with no model files.
import type { Embeddings } from "../../src/embeddings/types.js";
import type { ModelProvenance } from "../../src/provenance.js";

export class WordEmbeddings implements Embeddings {
  readonly id = "word-embeddings";
  readonly dimensions = 256;
  /** Every `embed` call's texts, in order. */
  readonly batches: string[][] = [];

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    this.batches.push([...texts]);
    return texts.map((text) => {
      const v = new Float32Array(this.dimensions);
      for (const word of text.toLowerCase().match(/\p{L}{4,}/gu) ?? []) {
        let h = 2166136261;
        for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 16777619);
        v[(h >>> 0) % this.dimensions]! += 1;
      }
      return v;
    });
  }

  provenance(): ModelProvenance {
    return { id: this.id, kind: "embedding", runtime: { name: "fake", version: "0" }, settings: {} };
  }
}
