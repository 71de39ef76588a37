// Fake embeddings for unit tests: fixed vectors by text, so cosine values are known in advance.
import type { Embeddings } from "../../src/embeddings/types.js";
import type { ModelProvenance } from "../../src/provenance.js";

/**
 * Returns the vector listed for each text. An unlisted text throws, so a test notices when a metric
 * embeds something unexpected. Records every `embed` call's texts in `batches`.
 */
export class FakeEmbeddings implements Embeddings {
  readonly id = "fake-embeddings";
  readonly dimensions: number;
  readonly batches: string[][] = [];
  private readonly table: Map<string, Float32Array>;

  constructor(vectors: Record<string, readonly number[]>) {
    const entries = Object.entries(vectors);
    this.dimensions = entries[0]?.[1].length ?? 0;
    this.table = new Map(entries.map(([text, v]) => [text, Float32Array.from(v)]));
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    this.batches.push([...texts]);
    return texts.map((t) => {
      const v = this.table.get(t);
      if (v === undefined) throw new Error(`FakeEmbeddings: no vector for ${JSON.stringify(t)}`);
      return v;
    });
  }

  provenance(): ModelProvenance {
    return { id: this.id, kind: "embedding", runtime: { name: "fake", version: "0" }, settings: {} };
  }
}
