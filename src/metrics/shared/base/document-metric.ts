import { z } from "zod";
import type { DocumentComparisonField } from "../../../sample/documents.js";
import type { FieldRead, MetricDescriptor, MetricInput } from "../../descriptor.js";
import type { MetricConstructorArgs } from "./base-metric.js";
import { JudgeFreeMetric } from "./judge-free-metric.js";

/** What the Ragas-style retrieval metrics read: a row's ground-truth and retrieved documents. */
export const documentPairReads = [
  "groundTruthDocuments",
  "retrievedDocuments",
] as const satisfies readonly FieldRead[];

/** The two document lists of one sample, checked, keyed by field name. */
export type DocumentPair = MetricInput<{ reads: typeof documentPairReads }>;

/** zod schema of `documentComparisonField` for descriptors: `content`, `id` or `meta.<key>`. */
export const documentComparisonFieldSchema = z
  .union([z.literal("content"), z.literal("id"), z.templateLiteral(["meta.", z.string().min(1)])], {
    error: 'use "content", "id" or "meta.<key>" (e.g. "meta.file_id", "meta.source.url")',
  })
  .default("content");

/** The option every retrieval metric and evaluator takes, for their descriptors' schemas. */
export const documentComparisonShape = {
  /** Document field compared between retrieved and ground-truth documents: `content`, `id` or `meta.<key>`. Defaults to "content". */
  documentComparisonField: documentComparisonFieldSchema,
};

/** Options every retrieval evaluator and metric shares. */
export type DocumentComparisonOptions = z.input<z.ZodObject<typeof documentComparisonShape>>;

/**
 * Base of the Ragas-style retrieval metrics: one sample's `groundTruthDocuments` and `retrievedDocuments` (read as
 * the descriptor's `reads`, `documentPairReads`, say), compared on `documentComparisonField`.
 */
export abstract class DocumentMetric<D extends MetricDescriptor = MetricDescriptor> extends JudgeFreeMetric<
  DocumentPair,
  D
> {
  /** The compared document field. */
  readonly documentComparisonField: DocumentComparisonField;

  constructor(...args: MetricConstructorArgs<D>) {
    super(...args);
    this.documentComparisonField = (
      this.options as unknown as Required<DocumentComparisonOptions>
    ).documentComparisonField;
  }
}
