// Haystack's document NDCG as a Ragas-style metric. Files: score.ts (the formula), metric.ts (this
// class), evaluator.ts (Haystack `DocumentNDCGEvaluator`), descriptor.ts. No judge.

import { DocumentMetric, type DocumentPair } from "../shared/base/document-metric.js";
import type { MetricResult, Sample } from "../types.js";
import { documentNdcgDescriptor } from "./descriptor.js";
import { checkGradedRelevance, ndcg } from "./score.js";

/**
 * NDCG of the retrieved documents for one sample (`document_ndcg`), with graded relevance from the
 * ground truth's `score` (1 when absent).
 *
 * @example
 * await new DocumentNDCG().score({
 *   groundTruthDocuments: [{ content: "France" }, { content: "Paris" }],
 *   retrievedDocuments: [{ content: "France" }, { content: "Germany" }, { content: "Paris" }],
 * }); // value 0.9197...
 */
export class DocumentNDCG extends DocumentMetric<typeof documentNdcgDescriptor> {
  static readonly descriptor = documentNdcgDescriptor;

  /**
   * The documents (the descriptor's reads), and the ground truth's graded relevance: every document scored or none,
   * a rule across the list that no field reader knows.
   */
  protected override validate(sample: Sample, row: number | undefined): DocumentPair {
    const pair = super.validate(sample, row);
    checkGradedRelevance(pair.groundTruthDocuments, row, "groundTruthDocuments");
    return pair;
  }

  protected scoreInput({
    groundTruthDocuments: groundTruth,
    retrievedDocuments: retrieved,
  }: DocumentPair): MetricResult {
    const { score, dcg, idcg, hitRanks } = ndcg(groundTruth, retrieved, this.documentComparisonField);
    return {
      value: score,
      status: "ok",
      reason:
        idcg === 0
          ? "no ground-truth document has a value to compare"
          : `DCG ${dcg.toFixed(4)} of ideal ${idcg.toFixed(4)}`,
      details: { dcg, idcg, hitRanks, retrievedCount: retrieved.length },
    };
  }
}
