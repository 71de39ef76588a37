import { type DocumentComparisonOptions, DocumentEvaluator } from "../shared/document-evaluator.js";
import type { HaystackDocument } from "../shared/documents.js";
import { documentMapDescriptor } from "./descriptor.js";
import { type AveragePrecision, averagePrecision } from "./score.js";

/**
 * Haystack's `DocumentMAPEvaluator`: per row the average precision (credited hits over all distinct
 * relevant documents); `score` is the mean. No rows is an `InvalidInputError`.
 *
 * @example
 * const { individualScores } = await new DocumentMAPEvaluator().run({
 *   groundTruthDocuments: [[{ content: "A" }, { content: "B" }]],
 *   retrievedDocuments: [[{ content: "A" }]],
 * }); // [0.5]
 */
export class DocumentMAPEvaluator extends DocumentEvaluator<AveragePrecision> {
  protected readonly label = "DocumentMAPEvaluator";

  constructor(options: DocumentComparisonOptions = {}) {
    super(documentMapDescriptor, options);
  }

  protected scoreRow(groundTruth: HaystackDocument[], retrieved: HaystackDocument[]): AveragePrecision {
    return averagePrecision(groundTruth, retrieved, this.documentComparisonField);
  }
}
