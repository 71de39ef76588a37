import { LRUCache } from "lru-cache";

/** Limits of a {@link ListPairMemo}. */
export interface ListPairMemoLimits {
  /** Entries held. Defaults to 8,192. */
  entries?: number;
  /** Characters of keys held (every string of both lists, summed over entries). Defaults to 8,000,000. */
  characters?: number;
}

/**
 * A bounded memo of values keyed by an ordered pair of string lists (compared item by item), for when
 * several metrics compute the same thing from the same lists of one row (e.g. the non-LLM context
 * precision and recall both need every retrieved context's similarity to every reference context). The
 * least recently used entries are dropped first once it holds its limit of entries or of characters, so
 * memory stays bounded however many rows pass through; a pair of lists longer than the character limit
 * is not stored. Held in an `LRUCache`, like the judge's {@link Memo}.
 *
 * @example
 * const memo = new ListPairMemo<Float64Array>({ entries: 1024 });
 * const table = memo.get(retrieved, reference) ?? memo.set(retrieved, reference, similarities(retrieved, reference));
 */
export class ListPairMemo<V extends {}> {
  /** Entries held at most. */
  readonly maxEntries: number;
  /** Key characters held at most. */
  readonly maxCharacters: number;
  private readonly entries: LRUCache<string, V>;

  constructor(limits: ListPairMemoLimits = {}) {
    this.maxEntries = limits.entries ?? 8192;
    this.maxCharacters = limits.characters ?? 8_000_000;
    this.entries = new LRUCache<string, V>({ max: this.maxEntries, maxSize: this.maxCharacters });
  }

  /** The value stored for (first, second), or undefined. */
  get(first: readonly string[], second: readonly string[]): V | undefined {
    return this.entries.get(keyOf(first, second));
  }

  /** Stores `value` for (first, second) and returns it. Lists longer than the character limit are not stored. */
  set(first: readonly string[], second: readonly string[], value: V): V {
    const size = charactersOf(first) + charactersOf(second);
    // lru-cache counts every entry as at least 1.
    if (size <= this.maxCharacters)
      this.entries.set(keyOf(first, second), value, { size: Math.max(1, size) });
    return value;
  }

  /** Entries held now. */
  get size(): number {
    return this.entries.size;
  }

  /** Drops every entry. */
  clear(): void {
    this.entries.clear();
  }
}

/** One string per ordered pair of lists: their JSON text, which tells apart every item boundary. */
function keyOf(first: readonly string[], second: readonly string[]): string {
  return JSON.stringify([first, second]);
}

function charactersOf(list: readonly string[]): number {
  let n = 0;
  for (const s of list) n += s.length;
  return n;
}
