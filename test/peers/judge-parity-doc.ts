// The two tables of docs/peer-parity.md ("Judge metrics") the judge-metric parity reads, so the doc and the test cannot
// disagree: the documented differences (`judge-differences`) and the metrics with their case counts (`judge-cases`).
import { codeSpans, parityDoc, parityTable } from "./parity-doc.js";

/** One row of the differences table: the metrics, the case ids it covers and why ours differs there. */
export interface DocumentedDifference {
  metric: string;
  cases: string[];
  reason: string;
}

/** One row of the metrics table: the metric id, and how many cases and documented differences it has. */
export interface DocumentedMetric {
  metric: string;
  cases: number;
  differences: number;
}

/** The differences table's rows; a row without a metric, a case or a reason is an error naming its line. */
export function documentedDifferences(): DocumentedDifference[] {
  return parityTable("judge-differences").map(({ line, cells: [metric, cases, reason] }) => {
    const ids = codeSpans(cases);
    if (!metric || ids.length === 0 || !reason) {
      throw new Error(
        `${parityDoc}:${line}: a judge difference row needs a metric, case ids in backticks and a reason`,
      );
    }
    return { metric: metric.replace(/`/g, ""), cases: ids, reason };
  });
}

/** The metrics table's rows; a row without a metric id or with counts that are not numbers names its line. */
export function documentedMetrics(): DocumentedMetric[] {
  return parityTable("judge-cases").map(({ line, cells }) => {
    const [metric] = codeSpans(cells[0]);
    const [cases, differences] = cells.slice(-2).map(Number);
    if (metric === undefined || !Number.isInteger(cases) || !Number.isInteger(differences)) {
      throw new Error(
        `${parityDoc}:${line}: a judge metric row needs a metric id in backticks and two counts at the end`,
      );
    }
    return { metric, cases: cases!, differences: differences! };
  });
}
