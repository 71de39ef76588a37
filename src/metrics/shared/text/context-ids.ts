// What the id-based context metrics (precision and recall) share: the id type, the set ratio both formulas
// are, and the result a ratio gives.

import type { MetricResult } from "../../types.js";

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
 * The share of the distinct ids of `ids` that are also in `among`: |set(ids) ∩ set(among)| / |set(ids)|, null
 * when `ids` is empty.
 *
 * @example
 * idShare(["doc_1", "doc_2"], ["doc_1", "doc_3"]).score; // 0.5
 */
export function idShare(ids: readonly ContextId[], among: readonly ContextId[]): IdOverlap {
  const idsSet = idSet(ids);
  const amongSet = idSet(among);
  const matched = [...idsSet].filter((id) => amongSet.has(id));
  const denominator = idsSet.size;
  return { score: denominator > 0 ? matched.length / denominator : null, matched, denominator };
}

/** Turns an id overlap into a result; a null score names the empty list. */
export function idResult(overlap: IdOverlap, emptyList: string, what: string): MetricResult {
  if (overlap.score === null) {
    return {
      value: null,
      status: "ok",
      reason: `${emptyList} is empty, so ${what} is undefined (Ragas gives NaN)`,
      details: { matchedIds: [], denominator: 0 },
    };
  }
  return {
    value: overlap.score,
    status: "ok",
    reason: `${overlap.matched.length} of ${overlap.denominator} distinct ids match`,
    details: { matchedIds: overlap.matched, denominator: overlap.denominator },
  };
}
