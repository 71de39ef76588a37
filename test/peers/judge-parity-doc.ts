// The two tables of docs/peer-parity.md ("Judge metrics") the judge-metric parity reads, so the doc and the test cannot
// disagree: the documented differences (between `judge-differences:start` and `judge-differences:end`) and the
// metrics with their case counts (between `judge-cases:start` and `judge-cases:end`).
import { readFileSync } from "node:fs";
import { parityDoc } from "./documented-differences.js";

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

/** The cells of each row of the table between `<!-- name:start -->` and `<!-- name:end -->`. */
function tableRows(name: string): { line: string; cells: string[] }[] {
  const text = readFileSync(parityDoc, "utf8");
  const start = text.indexOf(`<!-- ${name}:start -->`);
  const end = text.indexOf(`<!-- ${name}:end -->`);
  if (start < 0 || end < start)
    throw new Error(`${parityDoc}: no <!-- ${name}:start --> ... <!-- ${name}:end --> table`);
  return text
    .slice(start, end)
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .slice(2) // header and separator
    .map((line) => ({
      line,
      cells: line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    }));
}

const codeSpans = (cell: string | undefined) => cell?.match(/`[^`]+`/g)?.map((id) => id.slice(1, -1)) ?? [];

/** The differences table's rows; a row without a metric, a case or a reason is an error naming its line. */
export function documentedDifferences(): DocumentedDifference[] {
  return tableRows("judge-differences").map(({ line, cells: [metric, cases, reason] }) => {
    const ids = codeSpans(cases);
    if (!metric || ids.length === 0 || !reason) {
      throw new Error(`${parityDoc}: the row "${line}" needs a metric, case ids in backticks and a reason`);
    }
    return { metric: metric.replace(/`/g, ""), cases: ids, reason };
  });
}

/** The metrics table's rows; a row without a metric id or with counts that are not numbers names its line. */
export function documentedMetrics(): DocumentedMetric[] {
  return tableRows("judge-cases").map(({ line, cells }) => {
    const [metric] = codeSpans(cells[0]);
    const [cases, differences] = cells.slice(-2).map(Number);
    if (metric === undefined || !Number.isInteger(cases) || !Number.isInteger(differences)) {
      throw new Error(
        `${parityDoc}: the row "${line}" needs a metric id in backticks and two counts at the end`,
      );
    }
    return { metric, cases: cases!, differences: differences! };
  });
}
