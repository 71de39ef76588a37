/**
 * Dense integer ids for n-grams over small integer symbols (code points, or interned token numbers),
 * so that counting n-grams needs no string keys. An n-gram's id is looked up from the id of its
 * (n-1)-gram prefix and its last symbol in an open-addressing table, reused across calls (a
 * generation number marks the live slots, so nothing is cleared between calls). Each slot keeps its
 * generation, prefix, symbol and id side by side in one array, so a probe reads one cache line.
 *
 * When the caller knows the alphabet (symbols are 0..alphabet-1) and an upper bound on the ids, and
 * the product is small, `reset(expected, alphabet)` switches to a directly indexed table instead
 * (cell `prefix * alphabet + symbol`): no hashing and no probing.
 */
export class NgramIds {
  /** Two numbers per cell of the direct table: generation, id. */
  private direct = new Int32Array(0);
  private directGeneration = 0;
  /** Symbols of the direct table (0: hashed mode). */
  private alphabet = 0;
  /** Highest id the direct table has room for. */
  private limit = 0;
  /** Four numbers per slot: generation, prefix, symbol, id. */
  private slots = new Int32Array(4 * 1024);
  private generation = 0;
  private mask = 1023;
  private next = 1;

  /**
   * Starts a new id space for about `expected` distinct n-grams; ids restart at 1. With `alphabet`,
   * symbols must be integers in 0..alphabet-1 (`find` also accepts larger ones, never seen) and
   * `expected` must bound the ids handed out: a directly indexed table is used when it is small
   * enough, and exceeding the bound throws a RangeError.
   */
  reset(expected: number, alphabet = 0): void {
    this.next = 1;
    const cells = (expected + 1) * alphabet;
    if (alphabet > 0 && cells <= maxDirectCells) {
      this.alphabet = alphabet;
      this.limit = expected;
      if (this.direct.length < 2 * cells) {
        this.direct = new Int32Array(2 * 2 ** Math.ceil(Math.log2(cells)));
        this.directGeneration = 0;
      }
      this.directGeneration += 1;
      if (this.directGeneration === 0x7fffffff) {
        this.direct.fill(0);
        this.directGeneration = 1;
      }
      return;
    }
    this.alphabet = 0;
    const needed = Math.max(1024, 2 ** Math.ceil(Math.log2(expected * 2 + 1)));
    if (needed > this.mask + 1) this.allocate(needed);
    this.generation += 1;
    if (this.generation === 0x7fffffff) {
      this.slots.fill(0);
      this.generation = 1;
    }
  }

  /** Number of ids handed out since `reset` (ids are 1..count). */
  get count(): number {
    return this.next - 1;
  }

  /** The id of the n-gram `prefix` (0 for none) followed by `symbol`; a new id when unseen. */
  id(prefix: number, symbol: number): number {
    if (this.alphabet !== 0) {
      const cell = 2 * (prefix * this.alphabet + symbol);
      const direct = this.direct;
      if (direct[cell] === this.directGeneration) return direct[cell + 1]!;
      if (this.next > this.limit) {
        throw new RangeError(`NgramIds: more ids than the ${this.limit} announced to reset()`);
      }
      direct[cell] = this.directGeneration;
      direct[cell + 1] = this.next;
      return this.next++;
    }
    const at = this.probe(prefix, symbol);
    const slots = this.slots;
    if (slots[at] === this.generation) return slots[at + 3]!;
    if (this.next * 2 > this.mask) {
      this.grow();
      return this.id(prefix, symbol);
    }
    slots[at] = this.generation;
    slots[at + 1] = prefix;
    slots[at + 2] = symbol;
    slots[at + 3] = this.next;
    return this.next++;
  }

  /** The id of the n-gram `prefix` followed by `symbol` when it has one, else 0 (nothing is added). */
  find(prefix: number, symbol: number): number {
    if (this.alphabet !== 0) {
      if (symbol >= this.alphabet) return 0;
      const cell = 2 * (prefix * this.alphabet + symbol);
      return this.direct[cell] === this.directGeneration ? this.direct[cell + 1]! : 0;
    }
    const at = this.probe(prefix, symbol);
    return this.slots[at] === this.generation ? this.slots[at + 3]! : 0;
  }

  /** The offset of the slot holding (prefix, symbol), or of the free slot where it would go. */
  private probe(prefix: number, symbol: number): number {
    const slots = this.slots;
    const mask = this.mask;
    const gen = this.generation;
    let slot = hash(prefix, symbol) & mask;
    for (;;) {
      const at = slot << 2;
      if (slots[at] !== gen || (slots[at + 1] === prefix && slots[at + 2] === symbol)) return at;
      slot = (slot + 1) & mask;
    }
  }

  /** Fresh, empty slots, `size` of them (a power of two). */
  private allocate(size: number): void {
    this.slots = new Int32Array(4 * size);
    this.mask = size - 1;
    this.generation = 0;
  }

  private grow(): void {
    const old = this.slots;
    const oldGeneration = this.generation;
    this.allocate((this.mask + 1) * 2);
    this.generation = 1;
    for (let at = 0; at < old.length; at += 4) {
      if (old[at] !== oldGeneration) continue;
      let slot = hash(old[at + 1]!, old[at + 2]!) & this.mask;
      while (this.slots[slot << 2] === 1) slot = (slot + 1) & this.mask;
      const to = slot << 2;
      this.slots[to] = 1;
      this.slots[to + 1] = old[at + 1]!;
      this.slots[to + 2] = old[at + 2]!;
      this.slots[to + 3] = old[at + 3]!;
    }
  }
}

/** Largest direct table (cells of two numbers: 8 MB). */
const maxDirectCells = 1 << 20;

function hash(prefix: number, symbol: number): number {
  const h = Math.imul(prefix ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(symbol + 1, 0x85ebca77);
  return h ^ (h >>> 15);
}
