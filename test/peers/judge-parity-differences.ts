// The documented differences of the judge-metric parity: the one table in docs/peer-parity-judges.md (between the
// `differences:start` and `differences:end` comments), read here so the doc and the test cannot disagree.
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../setup/paths.js";

export const differencesDoc = path.join(repoRoot, "docs", "peer-parity-judges.md");

/** One row of the table: the metric, the case ids it covers and why ours differs there. */
export interface DocumentedDifference {
  metric: string;
  cases: string[];
  reason: string;
}

/** The table's rows; a row without a metric, a case or a reason is an error naming its line. */
export function documentedDifferences(): DocumentedDifference[] {
  const text = readFileSync(differencesDoc, "utf8");
  const start = text.indexOf("<!-- differences:start -->");
  const end = text.indexOf("<!-- differences:end -->");
  if (start < 0 || end < start) {
    throw new Error(`${differencesDoc}: no <!-- differences:start --> ... <!-- differences:end --> table`);
  }
  const rows = text
    .slice(start, end)
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .slice(2); // header and separator
  return rows.map((line) => {
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim());
    const [metric, cases, reason] = cells;
    const ids = (cases ?? "").match(/`[^`]+`/g)?.map((id) => id.slice(1, -1)) ?? [];
    if (!metric || ids.length === 0 || !reason) {
      throw new Error(
        `${differencesDoc}: the row "${line}" needs a metric, case ids in backticks and a reason`,
      );
    }
    return { metric: metric.replace(/`/g, ""), cases: ids, reason };
  });
}
