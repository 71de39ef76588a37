// Haystack's document MAP as a Ragas-style metric. Files: score.ts (the formula), metric.ts (this
// class), evaluator.ts (Haystack `DocumentMAPEvaluator`), descriptor.ts. No judge.

import { DocumentMetric, type DocumentPair } from "../shared/base/document-metric.js";
import type { MetricResult } from "../types.js";
import { documentMapDescriptor } from "./descriptor.js";
import { documentAveragePrecision } from "./score.js";

/**
 * Average precision of the retrieved documents for one sample (`document_map`), divided by all
 * distinct relevant documents.
 *
 * @example
 * await new DocumentMAP().score({
 *   groundTruthDocuments: [{ content: "A" }, { content: "B" }],
 *   retrievedDocuments: [{ content: "A" }],
 * }); // value 0.5
 */
export class DocumentMAP extends DocumentMetric<typeof documentMapDescriptor> {
  static readonly descriptor = documentMapDescriptor;

  protected scoreInput({
    groundTruthDocuments: groundTruth,
    retrievedDocuments: retrieved,
  }: DocumentPair): MetricResult {
    const { score, hitRanks, relevantCount } = documentAveragePrecision(
      groundTruth,
      retrieved,
      this.documentComparisonField,
    );
    return {
      value: score,
      status: "ok",
      reason:
        relevantCount === 0
          ? "no ground-truth document has a value to compare"
          : `${hitRanks.length} of ${relevantCount} relevant documents retrieved`,
      details: { hitRanks, relevantCount, retrievedCount: retrieved.length },
    };
  }
}
