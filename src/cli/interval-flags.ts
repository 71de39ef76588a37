// `--confidence`, `--cluster-by` and `--interval`: how `eval` and the report commands compute confidence intervals.
import { type Command, InvalidArgumentError, Option } from "commander";
import { defaultColumnAliases } from "../dataset/columns.js";
import type { DatasetScan } from "../dataset/scan.js";
import { InvalidInputError } from "../errors.js";
import {
  type AggregateIntervalOptions,
  type ClusterColumn,
  clusterColumnName,
  MissingClusterError,
  sampleFieldNamed,
} from "../results/interval-tally.js";
import { columnName } from "../sample/field-table.js";
import { parseDecimal } from "./option-parsers.js";

/** The flags as commander gives them. */
export interface IntervalFlags {
  confidence: number;
  clusterBy?: ClusterColumn;
  interval: NonNullable<AggregateIntervalOptions["method"]>;
}

/**
 * A commander parser for a level strictly between 0 and 1, written as a decimal (`0.9`) or a percent (`90%`), read
 * by the one CLI number reader ({@link parseDecimal}); the error names `flag`.
 *
 * @example
 * new Option("--confidence <level>").argParser(levelFlag("--confidence"));
 */
export function levelFlag(flag: string): (text: string) => number {
  return (text) => {
    const trimmed = text.trim();
    const percent = trimmed.endsWith("%");
    const written = parseDecimal(percent ? trimmed.slice(0, -1) : trimmed);
    const value = written === undefined ? undefined : written / (percent ? 100 : 1);
    if (value === undefined || !(value > 0 && value < 1)) {
      throw new InvalidArgumentError(`${flag} "${text}" must be a level between 0 and 1, e.g. 0.95 or 95%.`);
    }
    return value;
  };
}

/**
 * Parses `--cluster-by`: a sample field by its camelCase name or its column name (as the field), else any other
 * dataset column (as given; eval keeps its values in the results file).
 */
export function parseClusterBy(text: string): ClusterColumn {
  const column = text.trim();
  if (column === "")
    throw new InvalidArgumentError("--cluster-by needs a column name, e.g. reference_contexts or doc_id.");
  return sampleFieldNamed(column) ?? column;
}

/**
 * Adds `--confidence`, `--cluster-by` and `--interval` to a command.
 *
 * @example
 * addIntervalFlags(program.command("report"));
 */
export function addIntervalFlags(command: Command): Command {
  return command
    .addOption(
      new Option("--confidence <level>", "confidence level of every interval and significance verdict")
        .argParser(levelFlag("--confidence"))
        .default(0.95),
    )
    .option(
      "--cluster-by <column>",
      "cluster the intervals: rows with the same value in this column (a sample field, e.g. reference_contexts for one document, user_input, messages for one conversation, or any dataset column, e.g. doc_id or the --row-key column, which eval then keeps in the results file for the reports) are resampled together and the t-interval is cluster-robust; every scored row must have it (default: every row its own cluster)",
      parseClusterBy,
    )
    .addOption(
      new Option(
        "--interval <method>",
        "interval of each mean: auto (Wilson for 0/1 scores, t below 30 rows or clusters, else bootstrap), wilson, t or bootstrap",
      )
        .choices(["auto", "wilson", "t", "bootstrap"])
        .default("auto"),
    );
}

/**
 * Refuses, before any model loads, a `--cluster-by` column that a valid row of the dataset lacks (a sample field)
 * or that no row has (any other column), naming the row (and line) and the column: the interval could not say
 * which cluster the row is in. (A row lacking another column is refused when its records are written.)
 */
export function checkClusterColumn(
  scan: Pick<DatasetScan, "firstLacking" | "extraColumns" | "file">,
  clusterBy: ClusterColumn | undefined,
): void {
  if (clusterBy === undefined) return;
  const field = sampleFieldNamed(clusterBy);
  const column = clusterColumnName(clusterBy);
  if (field === undefined) {
    if (scan.extraColumns.has(column)) return;
    const feeds = Object.hasOwn(defaultColumnAliases, column) ? defaultColumnAliases[column] : undefined;
    throw new InvalidInputError(
      feeds !== undefined
        ? `has no column ${column} of its own: ${column} is read as the sample field ${columnName(feeds)}; give --cluster-by ${columnName(feeds)}`
        : `has no column ${column}, which --cluster-by ${column} reads to say which cluster each row is in; give every row a ${column} value, or cluster by another column`,
      { ...(scan.file !== undefined ? { file: scan.file } : {}), field: column },
    );
  }
  const lacking = scan.firstLacking.get(field);
  if (lacking === undefined) return;
  throw new InvalidInputError(
    `has no ${column}, which --cluster-by ${column} needs on every row to say which cluster it is in; give every row a ${column} value, or cluster by another column`,
    {
      ...(scan.file !== undefined ? { file: scan.file } : {}),
      ...(lacking.line !== undefined ? { line: lacking.line } : {}),
      row: lacking.row,
      field: column,
    },
  );
}

/** The interval options the flags ask for. */
export function intervalOptions(flags: IntervalFlags): AggregateIntervalOptions {
  return {
    level: flags.confidence,
    method: flags.interval,
    ...(flags.clusterBy !== undefined ? { clusterBy: flags.clusterBy } : {}),
  };
}

/**
 * Runs `read` (reading or reporting on the results file `file`); a row it finds without the `--cluster-by` value is
 * reported naming `file`.
 *
 * @example
 * const run = namingResultsFile(file, () => loadResults(file, { intervals }));
 */
export function namingResultsFile<T>(file: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof MissingClusterError && error.file === undefined) throw error.inFile(file);
    throw error;
  }
}
