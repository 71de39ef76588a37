// The table of documented differences between airgap-eval and a peer, read from docs/peer-parity.md (the one
// definition: the doc shows it, the parity tests obey it). A table is the Markdown between
// `<!-- <name>:start -->` and `<!-- <name>:end -->`, one row per difference: | `check` | case kinds | reason |.
import { readFileSync } from "node:fs";
import path from "node:path";
import { markers } from "../../scripts/doc-markers.js";
import { repoRoot } from "../setup/paths.js";

/** The doc the tables live in. */
export const parityDoc = path.join(repoRoot, "docs", "peer-parity.md");

/** One documented difference: the checks whose id starts with `check`, on cases of `kinds` (undefined: all). */
export interface DocumentedDifference {
  check: string;
  kinds: readonly string[] | undefined;
  reason: string;
  /** 1-based line in the doc, for messages. */
  line: number;
}

const cell = (text: string) => text.trim().replace(/^`(.*)`$/, "$1");

/** The rows of the table `name` in docs/peer-parity.md; throws naming the doc and line of a malformed row. */
export function documentedDifferences(name: string): DocumentedDifference[] {
  const text = readFileSync(parityDoc, "utf8");
  const { start, end } = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${parityDoc} needs the markers ${start} and ${end}`);
  const firstLine = text.slice(0, from).split("\n").length;
  const rows: DocumentedDifference[] = [];
  text
    .slice(from, to)
    .split("\n")
    .forEach((row, i) => {
      if (!row.startsWith("|") || /^\|\s*(check|-+)\s*\|/.test(row)) return;
      const cells = row.split(/(?<!\\)\|/).slice(1, -1);
      const [check, kinds, reason] = cells.map(cell);
      const rawKinds = cells[1] ?? "";
      if (cells.length !== 3 || !check || !kinds || !reason) {
        throw new Error(
          `${parityDoc}:${firstLine + i}: a difference row has three cells: check, case kinds, reason`,
        );
      }
      rows.push({
        check,
        kinds: kinds === "all" ? undefined : rawKinds.split(",").map((k) => cell(k)),
        reason,
        line: firstLine + i,
      });
    });
  return rows;
}
