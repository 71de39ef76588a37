// The dataset columns a run keeps beside each row's sample in its records and results file: the column the
// intervals are clustered by when it is not a sample field, so reports read later can cluster by it.
import type { DatasetSample } from "../dataset/types.js";
import { InvalidInputError } from "../errors.js";
import { type ClusterColumn, sampleFieldNamed } from "../results/interval-tally.js";

/**
 * The columns to keep of each row for `clusterBy`: none for a sample field (the sample holds it) or no clustering.
 *
 * @example
 * columnsToKeep("doc_id"); // ["doc_id"]
 * columnsToKeep("reference_contexts"); // []
 */
export function columnsToKeep(clusterBy: ClusterColumn | undefined): string[] {
  return clusterBy === undefined || sampleFieldNamed(clusterBy) !== undefined ? [] : [clusterBy];
}

/**
 * The row's values of `columns` (from the columns that feed no sample field), or undefined when there are none to
 * keep. A row without a value in one of them is an `InvalidInputError` naming the file, line, row and column.
 *
 * @example
 * keptColumns({ row: 0, sample: {}, extra: { doc_id: "d7" } }, ["doc_id"]); // { doc_id: "d7" }
 */
export function keptColumns(
  item: Pick<DatasetSample, "row" | "line" | "extra">,
  columns: readonly string[],
  file: string | undefined,
): Record<string, unknown> | undefined {
  if (columns.length === 0) return undefined;
  const kept: Record<string, unknown> = {};
  for (const column of columns) {
    const value = Object.hasOwn(item.extra, column) ? item.extra[column] : undefined;
    if (value === undefined || value === null) {
      throw new InvalidInputError(
        `has no ${column}, which --cluster-by ${column} needs on every row to say which cluster it is in; give every row a ${column} value, or cluster by another column`,
        {
          ...(file !== undefined ? { file } : {}),
          ...(item.line !== undefined ? { line: item.line } : {}),
          row: item.row,
          field: column,
        },
      );
    }
    kept[column] = value;
  }
  return kept;
}
