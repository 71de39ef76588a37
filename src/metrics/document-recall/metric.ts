// Haystack's document recall as a Ragas-style metric. Files: score.ts (the formula), metric.ts (this
// class), evaluator.ts (Haystack `DocumentRecallEvaluator`), descriptor.ts. No judge.
import type { MetricOptionsOf } from "../descriptor.js";
import { DocumentMetric, type DocumentPair } from "../shared/base/document-metric.js";
import type { MetricResult } from "../types.js";
import { documentRecallDescriptor } from "./descriptor.js";
import { documentRecall, type RecallMode } from "./score.js";

/** Options of {@link DocumentRecall} and `DocumentRecallEvaluator`. */
export type DocumentRecallOptions = MetricOptionsOf<typeof documentRecallDescriptor>;

/**
 * Recall of the ground-truth documents for one sample (`document_recall`).
 *
 * @example
 * await new DocumentRecall({ mode: "multi_hit" }).score({
 *   groundTruthDocuments: [{ content: "A" }, { content: "B" }],
 *   retrievedDocuments: [{ content: "A" }, { content: "C" }],
 * }); // value 0.5
 */
export class DocumentRecall extends DocumentMetric<typeof documentRecallDescriptor> {
  static readonly descriptor = documentRecallDescriptor;

  /** The recall mode. */
  readonly mode: RecallMode;

  constructor(options: DocumentRecallOptions = {}) {
    super(options);
    this.mode = this.options.mode;
  }

  protected scoreInput({
    groundTruthDocuments: groundTruth,
    retrievedDocuments: retrieved,
  }: DocumentPair): MetricResult {
    const r = documentRecall(groundTruth, retrieved, this.documentComparisonField, this.mode);
    return {
      value: r.score,
      status: "ok",
      reason: `${r.matchedCount} of ${r.relevantCount} distinct relevant documents retrieved (${this.mode})`,
      details: { hitRanks: r.hitRanks, matchedCount: r.matchedCount, relevantCount: r.relevantCount },
    };
  }
}
