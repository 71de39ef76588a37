import { type ContextId, type IdOverlap, idShare } from "../shared/text/context-ids.js";

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
  return idShare(reference, retrieved);
}
