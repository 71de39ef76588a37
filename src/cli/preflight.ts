import { checkRequiredColumns, missingFields } from "../dataset/required.js";
import type { Dataset, InvalidRow } from "../dataset/types.js";
import { InvalidInputError } from "../errors.js";
import { resultsFileHasContent } from "../evaluate/results-file.js";
import { assertResultsFileFree } from "../evaluate/results-lock.js";
import { metricDescriptor } from "../metrics/catalog.js";
import { reportFormatForPath } from "../report/write.js";
import type { MetricId } from "./metric-factory.js";

/** What {@link preflight} checks: everything that can be wrong without loading a model. */
export interface PreflightInput {
  dataset: Dataset;
  metrics: readonly MetricId[];
  /** Results file (`--out`). */
  out: string;
  resume: boolean;
  overwrite: boolean;
  strict: boolean;
  /** Report files (`--report`). */
  reports: readonly string[];
}

/**
 * Checks a run before any model loads, so bad input fails in milliseconds with exit code 2:
 * report extensions, an existing results file without `--resume`/`--overwrite`, metrics whose
 * required columns no valid row has, and (with `--strict`) any row lacking a field a metric needs.
 * Throws `InvalidInputError`.
 *
 * @example
 * preflight({ dataset, metrics: ["faithfulness"], out: "r.jsonl", resume: false, overwrite: false, strict: false, reports: [] });
 */
export function preflight(input: PreflightInput): void {
  for (const file of input.reports) reportFormatForPath(file);
  assertResultsFileFree(input.out);
  if (!input.resume && !input.overwrite && resultsFileHasContent(input.out)) {
    throw new InvalidInputError(
      "already holds results; continue it with --resume, replace it with --overwrite, or choose another --out",
      { file: input.out },
    );
  }
  const needs = input.metrics.map((id) => ({
    name: id,
    requiredFields: metricDescriptor(id).requiredFields,
  }));
  checkRequiredColumns(input.dataset, needs, {
    map: "--column <your column>=<field>",
    drop: "leave those metrics out of --metrics",
  });
  if (input.strict) {
    for (const item of input.dataset.samples) {
      for (const metric of needs) {
        const [field] = missingFields(item.sample, metric);
        if (field !== undefined) {
          throw new InvalidInputError(`has no ${field}, which ${metric.name} needs (--strict)`, {
            file: input.dataset.file,
            line: item.line,
            row: item.row,
            field,
          });
        }
      }
    }
  }
}

/**
 * One stderr line per invalid row, naming the file, line, row and field, e.g.
 * `data.jsonl, line 3, row 2, field "response": expected a string, got a number; row not evaluated`.
 *
 * @example
 * for (const line of invalidRowLines(dataset)) process.stderr.write(`${line}\n`);
 */
export function invalidRowLines(dataset: Pick<Dataset, "invalid" | "file">): string[] {
  return dataset.invalid.map((bad: InvalidRow) => {
    const where: string[] = [];
    if (dataset.file !== undefined) where.push(dataset.file);
    if (bad.line !== undefined) where.push(`line ${bad.line}`);
    where.push(`row ${bad.row}`);
    if (bad.field !== undefined) where.push(`field "${bad.field}"`);
    return `airgap-eval: invalid row: ${where.join(", ")}: ${bad.message}; row not evaluated`;
  });
}
