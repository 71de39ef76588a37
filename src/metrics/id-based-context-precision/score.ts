import { type ContextId, type IdOverlap, idShare } from "../shared/text/context-ids.js";

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
  return idShare(retrieved, reference);
}
