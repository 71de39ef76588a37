import { checkRequiredColumns } from "../dataset/required.js";
import { type DatasetScan, firstRowLacking, scanOfDataset } from "../dataset/scan.js";
import type { BadCell, Dataset, InvalidRow } from "../dataset/types.js";
import { InvalidInputError } from "../errors.js";
import { metricDescriptor } from "../metrics/catalog.js";
import { reportFormatForPath } from "../report/write.js";
import { assertResultsFileFree } from "../results/lock.js";
import { columnName } from "../sample/field-table.js";
import type { MetricId } from "./metric-factory.js";

/** What {@link preflight} checks: everything that can be wrong without loading a model. */
export interface PreflightInput {
  /** The dataset, or the first pass over it (`scanDataset`). */
  dataset: Dataset | DatasetScan;
  metrics: readonly MetricId[];
  /** Results file (`--out`). */
  out: string;
  strict: boolean;
  /** Report files (`--report`). */
  reports: readonly string[];
}

/**
 * Checks a run before any model loads, so bad input fails in milliseconds with exit code 2:
 * report extensions, a results file another run is writing, metrics whose required columns no valid row has, and (with `--strict`) any row lacking a field a metric needs.
 * Throws `InvalidInputError`.
 *
 * @example
 * preflight({ dataset, metrics: ["faithfulness"], out: "r.jsonl", strict: false, reports: [] });
 */
export function preflight(input: PreflightInput): void {
  for (const file of input.reports) reportFormatForPath(file);
  assertResultsFileFree(input.out);
  const needs = input.metrics.map((id) => ({
    name: id,
    requiredFields: metricDescriptor(id).requiredFields,
  }));
  const scan = "samples" in input.dataset ? scanOfDataset(input.dataset) : input.dataset;
  checkRequiredColumns(scan, needs, {
    map: "--column <your column>=<field>",
    drop: "leave those metrics out of --metrics",
  });
  if (input.strict) {
    const lacking = firstRowLacking(scan, needs);
    if (lacking !== undefined) {
      throw new InvalidInputError(`has no ${lacking.field}, which ${lacking.metric} needs (--strict)`, {
        file: scan.file,
        line: lacking.line,
        row: lacking.row,
        field: lacking.field,
      });
    }
  }
}

/** Where a row problem is: file, line, row and field. */
function whereOf(file: string | undefined, bad: InvalidRow): string {
  const where: string[] = [];
  if (file !== undefined) where.push(file);
  if (bad.line !== undefined) where.push(`line ${bad.line}`);
  where.push(`row ${bad.row}`);
  if (bad.field !== undefined) where.push(`field "${bad.field}"`);
  return where.join(", ");
}

/**
 * One stderr line per invalid row and per unreadable cell, naming the file, line, row and field, e.g.
 * `data.jsonl, line 3, row 2, field "response": expected a string, got a number; row not evaluated`.
 *
 * @example
 * for (const line of invalidRowLines(dataset)) process.stderr.write(`${line}\n`);
 */
export function invalidRowLines(
  dataset: Pick<DatasetScan, "invalid" | "file"> & { badCells?: BadCell[] },
): string[] {
  const rows = dataset.invalid.map(
    (bad) => `airgap-eval: invalid row: ${whereOf(dataset.file, bad)}: ${bad.message}; row not evaluated`,
  );
  const cells = (dataset.badCells ?? []).map(
    (bad) =>
      `airgap-eval: unreadable cell: ${whereOf(dataset.file, bad)}: ${bad.message}; ` +
      `metrics that read ${columnName(bad.sampleField)} give an error on this row, the others score it`,
  );
  return [...rows, ...cells];
}
