/**
 * Numbers the symbols (code points or code units) met since `reset` as 0, 1, 2, ... in order of first
 * meeting, so that a text's symbols index small tables ({@link NgramIds}'s direct mode). Reused across
 * calls: a generation number marks the live entries, so nothing is cleared between calls.
 *
 * @example
 * const dense = new DenseSymbols();
 * dense.reset();
 * dense.of(0x61); // 0
 * dense.of(0x62); // 1
 * dense.known(0x63); // -1
 */
export class DenseSymbols {
  private readonly stamps = new Int32Array(0x10000);
  private readonly values = new Int32Array(0x10000);
  private readonly astral = new Map<number, number>();
  private generation = 0;
  /** Distinct symbols met since `reset`. */
  size = 0;

  /** Forgets every symbol. */
  reset(): void {
    this.generation += 1;
    if (this.generation === 0x7fffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
    if (this.astral.size > 0) this.astral.clear();
    this.size = 0;
  }

  /** The number of `symbol`; a new one when unseen. */
  of(symbol: number): number {
    if (symbol < 0x10000) {
      if (this.stamps[symbol] === this.generation) return this.values[symbol]!;
      this.stamps[symbol] = this.generation;
      this.values[symbol] = this.size;
      return this.size++;
    }
    let value = this.astral.get(symbol);
    if (value === undefined) {
      value = this.size++;
      this.astral.set(symbol, value);
    }
    return value;
  }

  /** The number of `symbol` when met since `reset`, else -1. */
  known(symbol: number): number {
    if (symbol < 0x10000) return this.stamps[symbol] === this.generation ? this.values[symbol]! : -1;
    return this.astral.get(symbol) ?? -1;
  }
}
