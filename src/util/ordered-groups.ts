// Indexes grouped by a key, each group in order, with a pointer to the first one still free: how the tool-call
// metrics find "the first unanswered call with this id" or "the first free call of this tool" in linear time.

/**
 * Indexes grouped by a key, each group in the order added. {@link first} gives the first index of a group that a
 * test accepts; the test may only ever turn from accepting to refusing an index (a call taken stays taken), so each
 * group is passed over once in all, however often it is asked.
 *
 * @example
 * const byName = OrderedGroups.of(["a", "b", "a"]);
 * const taken = new Set([0]);
 * byName.first("a", (i) => !taken.has(i)); // 2
 */
export class OrderedGroups<K> {
  private readonly groups = new Map<K, { indexes: number[]; next: number }>();

  /** The indexes of a list grouped by its values. */
  static of<K>(keys: readonly K[]): OrderedGroups<K> {
    const groups = new OrderedGroups<K>();
    for (let i = 0; i < keys.length; i++) groups.add(keys[i]!, i);
    return groups;
  }

  /** Adds an index at the end of a key's group. */
  add(key: K, index: number): void {
    const group = this.groups.get(key);
    if (group === undefined) this.groups.set(key, { indexes: [index], next: 0 });
    else group.indexes.push(index);
  }

  /** The indexes of a key, in order. */
  all(key: K): readonly number[] {
    return this.groups.get(key)?.indexes ?? [];
  }

  /** The first index of `key` that `free` accepts, or -1. */
  first(key: K, free: (index: number) => boolean): number {
    const group = this.groups.get(key);
    if (group === undefined) return -1;
    while (group.next < group.indexes.length && !free(group.indexes[group.next]!)) group.next++;
    return group.next < group.indexes.length ? group.indexes[group.next]! : -1;
  }
}
