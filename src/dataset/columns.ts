import { InvalidInputError } from "../errors.js";
import { columnName, type SampleField, sampleFieldSpec, sampleFields } from "../sample/field-table.js";
import type { ColumnTarget } from "./types.js";

/**
 * Column names recognised without a column map, from the sample field table: camelCase, Ragas (current and
 * 0.1), Haystack, DeepEval (snake_case and camelCase). Several names may map to one field; a row holding two of
 * them is invalid.
 */
export const defaultColumnAliases: Readonly<Record<string, SampleField>> = Object.fromEntries(
  sampleFields.flatMap((field) => {
    const spec = sampleFieldSpec(field);
    const names = [field, spec.ragas, spec.column, ...spec.haystack, ...spec.deepeval, ...spec.legacy].filter(
      (n) => n !== undefined,
    );
    return names.map((name) => [name, field] as const);
  }),
);

/** What a column map may name as a target: each field's column name (`user_input`), then its camelCase name. */
export const columnTargets: Readonly<Record<string, SampleField>> = Object.fromEntries([
  ...sampleFields.map((field) => [columnName(field), field] as const),
  ...sampleFields.map((field) => [field, field] as const),
]);

/** Resolves dataset column names to sample fields: an explicit map first, then the default names. */
export class ColumnResolver {
  private readonly explicit = new Map<string, SampleField>();
  private readonly mappedFields = new Set<SampleField>();
  /** Columns gathered, in order, into each row's `candidates` (see `LoadDatasetOptions.candidateColumns`). */
  readonly candidateColumns: readonly string[];

  /**
   * Validates the map; an entry whose target is not a sample field is an `InvalidInputError`, and so are fewer than
   * two candidate columns or one named twice.
   */
  constructor(
    columnMap: Record<string, ColumnTarget | string> = {},
    candidateColumns: readonly string[] = [],
  ) {
    if (
      candidateColumns.length > 0 &&
      (candidateColumns.length < 2 || new Set(candidateColumns).size !== candidateColumns.length)
    ) {
      throw new InvalidInputError(
        `candidateColumns (${candidateColumns.join(", ")}) must name two or more different columns, e.g. ["response_a", "response_b"]`,
        { field: "candidateColumns" },
      );
    }
    this.candidateColumns = candidateColumns;
    for (const [column, target] of Object.entries(columnMap)) {
      const field = Object.hasOwn(columnTargets, target) ? columnTargets[target] : undefined;
      if (field === undefined) {
        throw new InvalidInputError(
          `columnMap maps "${column}" to "${target}", which is not a sample field. A column map goes from your ` +
            `column name to one of ${Object.keys(columnTargets).join(", ")}, e.g. { "${column}": "user_input" }.`,
          { field: column },
        );
      }
      this.explicit.set(column, field);
      this.mappedFields.add(field);
    }
  }

  /** The sample field a column feeds, or undefined when the column is extra. */
  fieldFor(column: string): SampleField | undefined {
    if (this.candidateColumns.includes(column)) return "candidates";
    const mapped = this.explicit.get(column);
    if (mapped !== undefined) return mapped;
    const field = Object.hasOwn(defaultColumnAliases, column) ? defaultColumnAliases[column] : undefined;
    if (field === undefined || this.mappedFields.has(field)) return undefined;
    return field;
  }
}
