/** A context id as Ragas accepts it: a string or an integer (compared as its decimal string). */
export type ContextId = string | number;

/** Distinct ids as strings (Ragas `set(str(id) for id in ids)`). */
export function idSet(ids: readonly ContextId[]): Set<string> {
  return new Set(ids.map((id) => String(id)));
}

/** A set ratio with its parts; `score` is null when the denominator set is empty (Ragas gives NaN). */
export interface IdOverlap {
  score: number | null;
  /** Ids on both sides. */
  matched: string[];
  /** Size of the set the score divides by. */
  denominator: number;
}

/**
 * Ragas `IDBasedContextPrecision`: distinct retrieved ids that are reference ids, over distinct
 * retrieved ids.
 *
 * @example
 * idBasedContextPrecision(["doc_1", "doc_2", "doc_3", "doc_4"], ["doc_1", "doc_4", "doc_5", "doc_6"]).score; // 0.5
 */
export function idBasedContextPrecision(
  retrieved: readonly ContextId[],
  reference: readonly ContextId[],
): IdOverlap {
  const retrievedSet = idSet(retrieved);
  const referenceSet = idSet(reference);
  const matched = [...retrievedSet].filter((id) => referenceSet.has(id));
  const denominator = retrievedSet.size;
  return { score: denominator > 0 ? matched.length / denominator : null, matched, denominator };
}
