import type { HaystackDocument } from "../../sample/documents.js";
import { DocumentEvaluator } from "../shared/base/document-evaluator.js";
import { documentRecallDescriptor } from "./descriptor.js";
import type { DocumentRecallOptions } from "./metric.js";
import { type DocumentRecall, documentRecall, type RecallMode } from "./score.js";

/**
 * Haystack's `DocumentRecallEvaluator`: per row, on distinct comparison values, 1 when any relevant
 * document was retrieved (`single_hit`) or the share of relevant documents retrieved (`multi_hit`);
 * `score` is the mean. No rows is an `InvalidInputError`.
 *
 * @example
 * const { individualScores } = await new DocumentRecallEvaluator({ mode: "multi_hit" }).run({
 *   groundTruthDocuments: [[{ content: "A" }, { content: "B" }]],
 *   retrievedDocuments: [[{ content: "A" }]],
 * }); // [0.5]
 */
export class DocumentRecallEvaluator extends DocumentEvaluator<DocumentRecall> {
  protected readonly label = "DocumentRecallEvaluator";
  /** The recall mode. */
  readonly mode: RecallMode;

  constructor(options: DocumentRecallOptions = {}) {
    super(documentRecallDescriptor, options);
    this.mode = this.options.mode as RecallMode;
  }

  protected scoreRow(groundTruth: HaystackDocument[], retrieved: HaystackDocument[]): DocumentRecall {
    return documentRecall(groundTruth, retrieved, this.documentComparisonField, this.mode);
  }
}
