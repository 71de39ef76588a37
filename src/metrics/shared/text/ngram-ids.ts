/**
 * Dense integer ids for n-grams over small integer symbols (code points, or interned token numbers),
 * so that counting n-grams needs no string keys. An n-gram's id is looked up from the id of its
 * (n-1)-gram prefix and its last symbol in an open-addressing table, reused across calls (a
 * generation number marks the live slots, so nothing is cleared between calls).
 */
export class NgramIds {
  private prefixes = new Int32Array(1024);
  private symbols = new Int32Array(1024);
  private ids = new Int32Array(1024);
  private generations = new Uint32Array(1024);
  private generation = 0;
  private mask = 1023;
  private next = 1;

  /** Starts a new id space for about `expected` distinct n-grams; ids restart at 1. */
  reset(expected: number): void {
    const needed = Math.max(1024, 2 ** Math.ceil(Math.log2(expected * 2 + 1)));
    if (needed > this.ids.length) this.allocate(needed);
    this.generation += 1;
    if (this.generation === 0xffffffff) {
      this.generations.fill(0);
      this.generation = 1;
    }
    this.next = 1;
  }

  /** Number of ids handed out since `reset` (ids are 1..count). */
  get count(): number {
    return this.next - 1;
  }

  /** The id of the n-gram `prefix` (0 for none) followed by `symbol`; a new id when unseen. */
  id(prefix: number, symbol: number): number {
    let h = Math.imul(prefix ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(symbol + 1, 0x85ebca77);
    h ^= h >>> 15;
    let slot = h & this.mask;
    const gen = this.generation;
    for (;;) {
      if (this.generations[slot] !== gen) {
        if (this.next * 2 > this.mask) {
          this.grow();
          return this.id(prefix, symbol);
        }
        this.generations[slot] = gen;
        this.prefixes[slot] = prefix;
        this.symbols[slot] = symbol;
        this.ids[slot] = this.next;
        return this.next++;
      }
      if (this.prefixes[slot] === prefix && this.symbols[slot] === symbol) return this.ids[slot]!;
      slot = (slot + 1) & this.mask;
    }
  }

  /** Fresh, empty arrays of `size` slots (a power of two). */
  private allocate(size: number): void {
    this.prefixes = new Int32Array(size);
    this.symbols = new Int32Array(size);
    this.ids = new Int32Array(size);
    this.generations = new Uint32Array(size);
    this.mask = size - 1;
    this.generation = 0;
  }

  private grow(): void {
    const old = { p: this.prefixes, s: this.symbols, i: this.ids, g: this.generations, gen: this.generation };
    this.allocate(old.i.length * 2);
    this.generation = 1;
    for (let k = 0; k < old.i.length; k++) {
      if (old.g[k] !== old.gen) continue;
      let h = Math.imul(old.p[k]! ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(old.s[k]! + 1, 0x85ebca77);
      h ^= h >>> 15;
      let slot = h & this.mask;
      while (this.generations[slot] === 1) slot = (slot + 1) & this.mask;
      this.generations[slot] = 1;
      this.prefixes[slot] = old.p[k]!;
      this.symbols[slot] = old.s[k]!;
      this.ids[slot] = old.i[k]!;
    }
  }
}
