import { InvalidInputError } from "../errors.js";
import type { SampleField } from "../metrics/types.js";
import type { ColumnTarget } from "./types.js";

/** Sample fields that hold a list of strings; the rest hold one string. */
export const listFields: ReadonlySet<SampleField> = new Set<SampleField>([
  "retrievedContexts",
  "referenceContexts",
  "retrievedContextIds",
  "referenceContextIds",
  "retrievedDocuments",
  "groundTruthDocuments",
]);

/** The sample fields, in display order. */
export const sampleFields: readonly SampleField[] = [
  "userInput",
  "response",
  "retrievedContexts",
  "reference",
  "referenceContexts",
  "rubrics",
  "retrievedContextIds",
  "referenceContextIds",
  "retrievedDocuments",
  "groundTruthDocuments",
];

/**
 * Column names recognised without a column map: camelCase, Ragas (current and 0.1), Haystack.
 * Several names may map to one field; a row holding two of them is invalid.
 */
export const defaultColumnAliases: Readonly<Record<string, SampleField>> = {
  // camelCase (our own names) and Haystack's camelCase run() argument names
  userInput: "userInput",
  response: "response",
  retrievedContexts: "retrievedContexts",
  reference: "reference",
  referenceContexts: "referenceContexts",
  rubrics: "rubrics",
  predictedAnswers: "response",
  groundTruthAnswers: "reference",
  retrievedContextIds: "retrievedContextIds",
  referenceContextIds: "referenceContextIds",
  retrievedDocuments: "retrievedDocuments",
  groundTruthDocuments: "groundTruthDocuments",
  // Ragas
  user_input: "userInput",
  retrieved_contexts: "retrievedContexts",
  reference_contexts: "referenceContexts",
  retrieved_context_ids: "retrievedContextIds",
  reference_context_ids: "referenceContextIds",
  // Ragas 0.1
  question: "userInput",
  answer: "response",
  ground_truth: "reference",
  // Haystack evaluator inputs (plural names, one value per row)
  questions: "userInput",
  contexts: "retrievedContexts",
  responses: "response",
  predicted_answers: "response",
  ground_truth_answers: "reference",
  retrieved_documents: "retrievedDocuments",
  ground_truth_documents: "groundTruthDocuments",
};

const targetNames: Readonly<Record<string, SampleField>> = {
  userInput: "userInput",
  response: "response",
  retrievedContexts: "retrievedContexts",
  reference: "reference",
  referenceContexts: "referenceContexts",
  rubrics: "rubrics",
  user_input: "userInput",
  retrieved_contexts: "retrievedContexts",
  reference_contexts: "referenceContexts",
  retrievedContextIds: "retrievedContextIds",
  referenceContextIds: "referenceContextIds",
  retrievedDocuments: "retrievedDocuments",
  groundTruthDocuments: "groundTruthDocuments",
  retrieved_context_ids: "retrievedContextIds",
  reference_context_ids: "referenceContextIds",
  retrieved_documents: "retrievedDocuments",
  ground_truth_documents: "groundTruthDocuments",
};

/** Resolves dataset column names to sample fields: an explicit map first, then the default names. */
export class ColumnResolver {
  private readonly explicit = new Map<string, SampleField>();
  private readonly mappedFields = new Set<SampleField>();

  /** Validates the map; an entry whose target is not a sample field is an `InvalidInputError`. */
  constructor(columnMap: Record<string, ColumnTarget | string> = {}) {
    for (const [column, target] of Object.entries(columnMap)) {
      const field = Object.hasOwn(targetNames, target) ? targetNames[target] : undefined;
      if (field === undefined) {
        throw new InvalidInputError(
          `columnMap maps "${column}" to "${target}", which is not a sample field. A column map goes from your ` +
            `column name to one of ${Object.keys(targetNames).join(", ")}, e.g. { "${column}": "user_input" }.`,
          { field: column },
        );
      }
      this.explicit.set(column, field);
      this.mappedFields.add(field);
    }
  }

  /** The sample field a column feeds, or undefined when the column is extra. */
  fieldFor(column: string): SampleField | undefined {
    const mapped = this.explicit.get(column);
    if (mapped !== undefined) return mapped;
    const field = Object.hasOwn(defaultColumnAliases, column) ? defaultColumnAliases[column] : undefined;
    if (field === undefined || this.mappedFields.has(field)) return undefined;
    return field;
  }
}
