import { z } from "zod";
import {
  type DocumentComparisonField,
  type HaystackDocument,
  requireDocuments,
} from "../../../sample/documents.js";
import type { Sample } from "../../types.js";
import { JudgeFreeMetric } from "./judge-free-metric.js";

/** The two document lists of one sample, for the Ragas-style retrieval metrics. */
export interface DocumentPair {
  groundTruth: HaystackDocument[];
  retrieved: HaystackDocument[];
}

/** Validates a sample's `groundTruthDocuments` and `retrievedDocuments`. */
export function requireDocumentPair(sample: Sample, row: number | undefined): DocumentPair {
  const truthField = "groundTruthDocuments";
  const retrievedField = "retrievedDocuments";
  return {
    groundTruth: requireDocuments(
      sample.groundTruthDocuments,
      row !== undefined ? { field: truthField, row } : { field: truthField },
    ),
    retrieved: requireDocuments(
      sample.retrievedDocuments,
      row !== undefined ? { field: retrievedField, row } : { field: retrievedField },
    ),
  };
}

/** Options every retrieval evaluator and metric shares. */
export interface DocumentComparisonOptions {
  /** Document field compared between retrieved and ground-truth documents: `content`, `id` or `meta.<key>`. Defaults to "content". */
  documentComparisonField?: DocumentComparisonField;
}

/**
 * Base of the Ragas-style retrieval metrics: one sample's `groundTruthDocuments` and
 * `retrievedDocuments`, compared on `documentComparisonField`.
 */
export abstract class DocumentMetric extends JudgeFreeMetric<DocumentPair> {
  /** The compared document field. */
  readonly documentComparisonField: DocumentComparisonField;

  constructor(options: DocumentComparisonOptions) {
    super(options);
    this.documentComparisonField = (
      this.options as Required<DocumentComparisonOptions>
    ).documentComparisonField;
  }

  protected validate(sample: Sample, row: number | undefined): DocumentPair {
    return requireDocumentPair(sample, row);
  }
}

/** zod schema of `documentComparisonField` for descriptors: `content`, `id` or `meta.<key>`. */
export const documentComparisonFieldSchema = z
  .union([z.literal("content"), z.literal("id"), z.templateLiteral(["meta.", z.string().min(1)])], {
    error: 'use "content", "id" or "meta.<key>" (e.g. "meta.file_id", "meta.source.url")',
  })
  .default("content");
