import { type ContextId, type IdOverlap, idSet } from "../id-based-context-precision/score.js";

/**
 * Ragas `IDBasedContextRecall`: distinct reference ids that were retrieved, over distinct reference ids.
 *
 * @example
 * idBasedContextRecall(["doc_1", "doc_2", "doc_3"], ["doc_1", "doc_4", "doc_5", "doc_6"]).score; // 0.25
 */
export function idBasedContextRecall(
  retrieved: readonly ContextId[],
  reference: readonly ContextId[],
): IdOverlap {
  const retrievedSet = idSet(retrieved);
  const referenceSet = idSet(reference);
  const matched = [...referenceSet].filter((id) => retrievedSet.has(id));
  const denominator = referenceSet.size;
  return { score: denominator > 0 ? matched.length / denominator : null, matched, denominator };
}
