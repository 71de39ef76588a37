import { z } from "zod";
import { InvalidInputError } from "../../errors.js";
import { parseOptions } from "../../errors-zod.js";
import {
  type DocumentComparisonField,
  type HaystackDocument,
  requireDocuments,
} from "../../sample/documents.js";
import { requireSameLengthLists } from "../../sample/validate.js";
import type { MetricDescriptor } from "../descriptor.js";
import type { Sample } from "../types.js";
import {
  type Evaluator,
  type EvaluatorInputs,
  type EvaluatorOutput,
  type RowOutcome,
  type RunOptions,
  toOutput,
} from "./evaluator-runner.js";
import { JudgeFreeMetric } from "./judge-free.js";

/**
 * Checks that every named input is a list, all of the same length, and that there is at least one
 * row (Haystack divides by zero there). Returns the row count.
 */
export function requireRowCount(lists: Record<string, unknown>, evaluator: string): number {
  const rows = requireSameLengthLists(lists, evaluator);
  if (rows === 0) {
    throw new InvalidInputError(
      `${evaluator} got no rows: the input lists are empty, so there is no mean to compute; pass at least one row`,
      { field: Object.keys(lists)[0]! },
    );
  }
  return rows;
}

/** Validated `groundTruthDocuments` and `retrievedDocuments` of a `run()` call. */
export function documentRows(
  inputs: EvaluatorInputs,
  evaluator: string,
): { groundTruth: HaystackDocument[][]; retrieved: HaystackDocument[][] } {
  const rows = requireRowCount(
    { groundTruthDocuments: inputs.groundTruthDocuments, retrievedDocuments: inputs.retrievedDocuments },
    evaluator,
  );
  const groundTruth: HaystackDocument[][] = [];
  const retrieved: HaystackDocument[][] = [];
  for (let row = 0; row < rows; row++) {
    groundTruth.push(
      requireDocuments(inputs.groundTruthDocuments![row], { field: "groundTruthDocuments", row }),
    );
    retrieved.push(requireDocuments(inputs.retrievedDocuments![row], { field: "retrievedDocuments", row }));
  }
  return { groundTruth, retrieved };
}

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

/**
 * Base of the Haystack-style retrieval evaluators: validates `groundTruthDocuments` and
 * `retrievedDocuments` (same non-zero length, document objects), scores each row with `scoreRow`.
 */
export abstract class DocumentEvaluator<R extends { score: number }> implements Evaluator<R & RowOutcome> {
  readonly inputNames = ["groundTruthDocuments", "retrievedDocuments"] as const;
  /** The compared document field. */
  readonly documentComparisonField: DocumentComparisonField;
  /** Evaluator name used in error messages. */
  protected abstract readonly label: string;
  /** The options, parsed by the descriptor of the Ragas-style metric with the same formula. */
  protected readonly options: Record<string, unknown>;

  constructor(descriptor: MetricDescriptor, options: DocumentComparisonOptions) {
    this.options = parseOptions(descriptor.options.strict(), options, new.target.name);
    this.documentComparisonField = this.options.documentComparisonField as DocumentComparisonField;
  }

  /** Scores one row; may throw `InvalidInputError` for a row-level rule. */
  protected abstract scoreRow(groundTruth: HaystackDocument[], retrieved: HaystackDocument[], row: number): R;
  /** Row-level checks beyond the shapes (e.g. NDCG's all-or-none scores). Defaults to none. */
  protected checkRow(_groundTruth: HaystackDocument[], _row: number): void {}

  /** Checks the inputs without scoring; throws `InvalidInputError` naming the row and field. */
  validateInputs(inputs: EvaluatorInputs): void {
    const { groundTruth } = documentRows(inputs, this.label);
    groundTruth.forEach((docs, row) => {
      this.checkRow(docs, row);
    });
  }

  /** Scores every row; `score` is the mean of the individual scores. */
  async run(inputs: EvaluatorInputs, _options: RunOptions = {}): Promise<EvaluatorOutput<R & RowOutcome>> {
    const { groundTruth, retrieved } = documentRows(inputs, this.label);
    groundTruth.forEach((docs, row) => {
      this.checkRow(docs, row);
    });
    const results = groundTruth.map((docs, row): R & RowOutcome => ({
      ...this.scoreRow(docs, retrieved[row]!, row),
      status: "ok",
      promptVersions: {},
    }));
    return toOutput(results, 0);
  }
}

/** zod schema of `documentComparisonField` for descriptors: `content`, `id` or `meta.<key>`. */
export const documentComparisonFieldSchema = z
  .union([z.literal("content"), z.literal("id"), z.templateLiteral(["meta.", z.string().min(1)])], {
    error: 'use "content", "id" or "meta.<key>" (e.g. "meta.file_id", "meta.source.url")',
  })
  .default("content");
