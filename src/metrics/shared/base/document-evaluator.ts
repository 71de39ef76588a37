import { InvalidInputError } from "../../../errors.js";
import { parseOptions } from "../../../errors-zod.js";
import {
  type DocumentComparisonField,
  type HaystackDocument,
  requireDocuments,
} from "../../../sample/documents.js";
import { requireSameLengthLists } from "../../../sample/validate.js";
import type { MetricDescriptor } from "../../descriptor.js";
import type { DocumentComparisonOptions } from "./document-metric.js";
import {
  type Evaluator,
  type EvaluatorInputs,
  type EvaluatorOutput,
  type RowOutcome,
  type RunOptions,
  toOutput,
} from "./evaluator-runner.js";

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
