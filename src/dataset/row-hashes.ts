// The row hash of each valid row of a pass, kept compactly (36 bytes a row) for what must know every
// row's hash before the run reads the rows again: resume finding the rows edited since, and a
// shard's dataset hash.

/** Bytes of a sha256 digest. */
const digestBytes = 32;

/**
 * Row index and row hash (sha256 hex of the row's normalized sample) of each valid row, in the order
 * they were added.
 *
 * @example
 * const hashes = new RowHashes();
 * hashes.add(0, canonicalHash(sample));
 * for (const [row, hash] of hashes) console.log(row, hash);
 */
export class RowHashes implements Iterable<[row: number, hash: string]> {
  private rows = new Uint32Array(64);
  private digests = new Uint8Array(64 * digestBytes);
  private count = 0;

  /** Rows held. */
  get size(): number {
    return this.count;
  }

  /** Adds a row's hash (64 hex digits). */
  add(row: number, hash: string): void {
    if (this.count === this.rows.length) {
      const rows = new Uint32Array(this.rows.length * 2);
      rows.set(this.rows);
      this.rows = rows;
      const digests = new Uint8Array(this.digests.length * 2);
      digests.set(this.digests);
      this.digests = digests;
    }
    this.rows[this.count] = row;
    this.digests.set(Buffer.from(hash, "hex"), this.count * digestBytes);
    this.count++;
  }

  *[Symbol.iterator](): IterableIterator<[row: number, hash: string]> {
    for (let i = 0; i < this.count; i++) {
      const at = i * digestBytes;
      yield [this.rows[i]!, Buffer.from(this.digests.subarray(at, at + digestBytes)).toString("hex")];
    }
  }
}
