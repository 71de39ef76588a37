import type { HaystackDocument } from "../../sample/documents.js";
import { DocumentEvaluator } from "../shared/base/document-evaluator.js";
import type { DocumentComparisonOptions } from "../shared/base/document-metric.js";
import { documentMrrDescriptor } from "./descriptor.js";
import { type ReciprocalRank, reciprocalRank } from "./score.js";

/**
 * Haystack's `DocumentMRREvaluator`: per row the reciprocal rank of the first retrieved document whose
 * `documentComparisonField` value is in the ground truth; `score` is the mean. No rows is an
 * `InvalidInputError` (Haystack divides by zero).
 *
 * @example
 * const { score, individualScores } = await new DocumentMRREvaluator().run({
 *   groundTruthDocuments: [[{ content: "France" }], [{ content: "9th century" }, { content: "9th" }]],
 *   retrievedDocuments: [[{ content: "France" }], [{ content: "10th century" }, { content: "9th century" }]],
 * }); // individualScores [1, 0.5], score 0.75
 */
export class DocumentMRREvaluator extends DocumentEvaluator<ReciprocalRank> {
  protected readonly label = "DocumentMRREvaluator";

  constructor(options: DocumentComparisonOptions = {}) {
    super(documentMrrDescriptor, options);
  }

  protected scoreRow(groundTruth: HaystackDocument[], retrieved: HaystackDocument[]): ReciprocalRank {
    return reciprocalRank(groundTruth, retrieved, this.documentComparisonField);
  }
}
