import type { HaystackDocument } from "../../sample/documents.js";
import { DocumentEvaluator } from "../shared/base/document-evaluator.js";
import type { DocumentComparisonOptions } from "../shared/base/document-metric.js";
import { documentMapDescriptor } from "./descriptor.js";
import { type DocumentAveragePrecision, documentAveragePrecision } from "./score.js";

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
export class DocumentMAPEvaluator extends DocumentEvaluator<DocumentAveragePrecision> {
  protected readonly label = "DocumentMAPEvaluator";

  constructor(options: DocumentComparisonOptions = {}) {
    super(documentMapDescriptor, options);
  }

  protected scoreRow(
    groundTruth: HaystackDocument[],
    retrieved: HaystackDocument[],
  ): DocumentAveragePrecision {
    return documentAveragePrecision(groundTruth, retrieved, this.documentComparisonField);
  }
}
