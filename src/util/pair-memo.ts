/** Limits of a {@link PairMemo}. */
export interface PairMemoLimits {
  /** Pairs held per generation (two generations are kept). Defaults to 8,192. */
  pairs?: number;
  /** Characters of keys (both strings of each pair, summed) per generation. Defaults to 4,000,000. */
  characters?: number;
}

/**
 * A bounded memo of values keyed by an ordered pair of strings, for when several metrics compare the
 * same pairs (e.g. the non-LLM context precision and recall compare every retrieved context with every
 * reference context). It keeps two generations: when the current one reaches its pair or character
 * limit it becomes the previous one and the older one is dropped, so memory stays bounded however
 * many rows pass through. Lookups do not refresh a pair (first in, first out by generation).
 *
 * @example
 * const memo = new PairMemo<number>({ pairs: 1024 });
 * const d = memo.get(a, b) ?? memo.set(a, b, distance(a, b));
 */
export class PairMemo<V> {
  /** Pairs per generation. */
  readonly maxPairs: number;
  /** Key characters per generation. */
  readonly maxCharacters: number;
  private current = new Map<string, Map<string, V>>();
  private previous = new Map<string, Map<string, V>>();
  private pairs = 0;
  private characters = 0;
  private previousPairs = 0;

  constructor(limits: PairMemoLimits = {}) {
    this.maxPairs = limits.pairs ?? 8192;
    this.maxCharacters = limits.characters ?? 4_000_000;
  }

  /** The value stored for (a, b), or undefined. */
  get(a: string, b: string): V | undefined {
    const value = this.current.get(a)?.get(b);
    return value !== undefined ? value : this.previous.get(a)?.get(b);
  }

  /** Stores `value` for (a, b) and returns it. A pair longer than the character limit is not stored. */
  set(a: string, b: string, value: V): V {
    const length = a.length + b.length;
    if (length > this.maxCharacters) return value;
    if (this.pairs >= this.maxPairs || this.characters + length > this.maxCharacters) {
      this.previous = this.current;
      this.previousPairs = this.pairs;
      this.current = new Map();
      this.pairs = 0;
      this.characters = 0;
    }
    let inner = this.current.get(a);
    if (inner === undefined) {
      inner = new Map();
      this.current.set(a, inner);
    }
    inner.set(b, value);
    this.pairs++;
    this.characters += length;
    return value;
  }

  /** Pairs held now, in both generations (at most twice the pair limit). */
  get size(): number {
    return this.pairs + this.previousPairs;
  }

  /** Drops every pair. */
  clear(): void {
    this.current = new Map();
    this.previous = new Map();
    this.pairs = 0;
    this.characters = 0;
    this.previousPairs = 0;
  }
}
