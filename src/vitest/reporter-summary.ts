import { formatSummary } from "../report/summary.js";
import { aggregateRecords } from "../results/aggregate.js";
import type { EvaluationResultData } from "../results/types.js";
import { withValueRanges } from "../results/value-range.js";

/** The two kinds of results-file rows the reporter writes: `describeEval` rows, and matcher assertions. */
export interface ReporterRows {
  /** Results-file rows of `describeEval` row tests (one per test, all its metrics). */
  dataset: ReadonlySet<number>;
  /** Results-file rows of matcher assertions (one per assertion). */
  matchers: ReadonlySet<number>;
  /** Tests the matcher assertions were made in. */
  matcherTests: number;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `data` narrowed to some rows, with the aggregates of those rows only. */
function narrowed(data: EvaluationResultData, rows: ReadonlySet<number>): EvaluationResultData {
  const records = data.records.filter((r) => rows.has(r.row));
  const metrics = Object.fromEntries(
    Object.entries(data.metadata.metrics).filter(([m]) => records.some((r) => r.metric === m)),
  );
  return {
    ...data,
    metadata: { ...data.metadata, metrics },
    records,
    aggregates: aggregateRecords(records, Object.keys(metrics), withValueRanges(undefined, metrics)),
  };
}

/**
 * The reporter's end-of-run summary: the `describeEval` data set rows and the matcher assertions counted and
 * tabled apart (a table of "scored n of N" that mixed them would count an assertion as a data set row).
 *
 * @example
 * process.stdout.write(reporterSummary(loadResults(out), rows));
 */
export function reporterSummary(data: EvaluationResultData, rows: ReporterRows): string {
  const parts: string[] = [];
  if (rows.dataset.size > 0) {
    parts.push(
      `Data set rows (describeEval): ${plural(rows.dataset.size, "row")}`,
      formatSummary(narrowed(data, rows.dataset)),
    );
  }
  if (rows.matchers.size > 0) {
    parts.push(
      `Matcher assertions: ${plural(rows.matchers.size, "assertion")} in ${plural(rows.matcherTests, "test")}`,
      formatSummary(narrowed(data, rows.matchers)),
    );
  }
  return parts.join("\n");
}
