// Haystack's document MRR as a Ragas-style metric. Files: score.ts (the formula), metric.ts (this
// class), evaluator.ts (Haystack `DocumentMRREvaluator`), descriptor.ts. No judge.

import { DocumentMetric, type DocumentPair } from "../shared/base/document-metric.js";
import type { MetricResult } from "../types.js";
import { documentMrrDescriptor } from "./descriptor.js";
import { reciprocalRank } from "./score.js";

/**
 * Reciprocal rank of the first relevant retrieved document for one sample (`document_mrr`).
 *
 * @example
 * await new DocumentMRR().score({
 *   groundTruthDocuments: [{ content: "9th century" }],
 *   retrievedDocuments: [{ content: "10th century" }, { content: "9th century" }],
 * }); // value 0.5, details.firstHitRank 2
 */
export class DocumentMRR extends DocumentMetric<typeof documentMrrDescriptor> {
  static readonly descriptor = documentMrrDescriptor;

  protected scoreInput({
    groundTruthDocuments: groundTruth,
    retrievedDocuments: retrieved,
  }: DocumentPair): MetricResult {
    const { score, firstHitRank } = reciprocalRank(groundTruth, retrieved, this.documentComparisonField);
    return {
      value: score,
      status: "ok",
      reason:
        firstHitRank === null
          ? "no retrieved document is relevant"
          : `first relevant document at rank ${firstHitRank}`,
      details: { firstHitRank, retrievedCount: retrieved.length },
    };
  }
}
