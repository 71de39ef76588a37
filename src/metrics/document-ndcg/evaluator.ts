import type { HaystackDocument } from "../../sample/documents.js";
import { DocumentEvaluator } from "../shared/base/document-evaluator.js";
import type { DocumentComparisonOptions } from "../shared/base/document-metric.js";
import { documentNdcgDescriptor } from "./descriptor.js";
import { checkGradedRelevance, type Ndcg, ndcg } from "./score.js";

/**
 * Haystack's `DocumentNDCGEvaluator`: per row DCG / IDCG with graded relevance from the ground truth's
 * `score`; duplicates are credited once, so a row never exceeds 1. A ground-truth list where only some
 * documents have a score, or no rows, is an `InvalidInputError`.
 *
 * @example
 * const { individualScores } = await new DocumentNDCGEvaluator().run({
 *   groundTruthDocuments: [[{ content: "France", score: 1 }, { content: "Paris", score: 0.5 }]],
 *   retrievedDocuments: [[{ content: "France" }, { content: "Germany" }, { content: "Paris" }]],
 * });
 */
export class DocumentNDCGEvaluator extends DocumentEvaluator<Ndcg> {
  protected readonly label = "DocumentNDCGEvaluator";

  constructor(options: DocumentComparisonOptions = {}) {
    super(documentNdcgDescriptor, options);
  }

  protected override checkRow(groundTruth: HaystackDocument[], row: number): void {
    checkGradedRelevance(groundTruth, row, "groundTruthDocuments");
  }

  protected scoreRow(groundTruth: HaystackDocument[], retrieved: HaystackDocument[]): Ndcg {
    return ndcg(groundTruth, retrieved, this.documentComparisonField);
  }
}
