/** Limits of a {@link ListPairMemo}. */
export interface ListPairMemoLimits {
  /** Entries held per generation (two generations are kept). Defaults to 4,096. */
  entries?: number;
  /** Characters of keys (every string of both lists, summed over entries) per generation. Defaults to 4,000,000. */
  characters?: number;
}

interface Entry<V> {
  first: readonly string[];
  second: readonly string[];
  value: V;
}

/**
 * A bounded memo of values keyed by an ordered pair of string lists (compared item by item), for when
 * several metrics compute the same thing from the same lists of one row (e.g. the non-LLM context
 * precision and recall both need every retrieved context's similarity to every reference context). It
 * keeps two generations: when the current one reaches its entry or character limit it becomes the
 * previous one and the older one is dropped, so memory stays bounded however many rows pass through.
 * Lookups do not refresh an entry (first in, first out by generation). The lists are copied when stored.
 *
 * @example
 * const memo = new ListPairMemo<Float64Array>({ entries: 1024 });
 * const table = memo.get(retrieved, reference) ?? memo.set(retrieved, reference, similarities(retrieved, reference));
 */
export class ListPairMemo<V> {
  /** Entries per generation. */
  readonly maxEntries: number;
  /** Key characters per generation. */
  readonly maxCharacters: number;
  private current = new Map<string, Entry<V>[]>();
  private previous = new Map<string, Entry<V>[]>();
  private entries = 0;
  private characters = 0;
  private previousEntries = 0;

  constructor(limits: ListPairMemoLimits = {}) {
    this.maxEntries = limits.entries ?? 4096;
    this.maxCharacters = limits.characters ?? 4_000_000;
  }

  /** The value stored for (first, second), or undefined. */
  get(first: readonly string[], second: readonly string[]): V | undefined {
    const key = keyOf(first, second);
    return find(this.current.get(key), first, second) ?? find(this.previous.get(key), first, second);
  }

  /** Stores `value` for (first, second) and returns it. Lists longer than the character limit are not stored. */
  set(first: readonly string[], second: readonly string[], value: V): V {
    const length = charactersOf(first) + charactersOf(second);
    if (length > this.maxCharacters) return value;
    if (this.entries >= this.maxEntries || this.characters + length > this.maxCharacters) {
      this.previous = this.current;
      this.previousEntries = this.entries;
      this.current = new Map();
      this.entries = 0;
      this.characters = 0;
    }
    const key = keyOf(first, second);
    const entry = { first: [...first], second: [...second], value };
    const bucket = this.current.get(key);
    if (bucket === undefined) this.current.set(key, [entry]);
    else bucket.push(entry);
    this.entries++;
    this.characters += length;
    return value;
  }

  /** Entries held now, in both generations (at most twice the entry limit). */
  get size(): number {
    return this.entries + this.previousEntries;
  }

  /** Drops every entry. */
  clear(): void {
    this.current = new Map();
    this.previous = new Map();
    this.entries = 0;
    this.characters = 0;
    this.previousEntries = 0;
  }
}

/** The bucket key: the first string of either list (strings hash once, so this costs no copy). */
function keyOf(first: readonly string[], second: readonly string[]): string {
  return first[0] ?? second[0] ?? "";
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function find<V>(
  bucket: readonly Entry<V>[] | undefined,
  first: readonly string[],
  second: readonly string[],
): V | undefined {
  if (bucket === undefined) return undefined;
  for (const entry of bucket) {
    if (sameList(entry.first, first) && sameList(entry.second, second)) return entry.value;
  }
  return undefined;
}

function charactersOf(list: readonly string[]): number {
  let n = 0;
  for (const s of list) n += s.length;
  return n;
}
