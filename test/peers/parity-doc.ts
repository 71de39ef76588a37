// The tables of docs/peer-parity.md the parity tests obey (the one definition: the doc shows them, the tests read
// them). A table is the Markdown between `<!-- <name>:start -->` and `<!-- <name>:end -->`; its first two lines are
// the header and the separator.
import { readFileSync } from "node:fs";
import path from "node:path";
import { markers } from "../../scripts/doc-markers.js";
import { repoRoot } from "../setup/paths.js";

/** The doc the tables live in. */
export const parityDoc = path.join(repoRoot, "docs", "peer-parity.md");

/** One body row of a table: its 1-based line in the doc, its text and its trimmed cells (`\|` does not split). */
export interface ParityTableRow {
  line: number;
  text: string;
  cells: string[];
}

/** The body rows of the table `name`; throws naming the doc and the markers when the table is missing. */
export function parityTable(name: string): ParityTableRow[] {
  const text = readFileSync(parityDoc, "utf8");
  const { start, end } = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${parityDoc} needs the markers ${start} and ${end}`);
  const firstLine = text.slice(0, from).split("\n").length;
  return text
    .slice(from, to)
    .split("\n")
    .map((row, i) => ({ line: firstLine + i, text: row }))
    .filter(({ text: row }) => row.startsWith("|"))
    .slice(2)
    .map(({ line, text: row }) => ({
      line,
      text: row,
      cells: row
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim()),
    }));
}

/** The text of each `code span` in a cell, in order. */
export const codeSpans = (cell: string | undefined): string[] =>
  cell?.match(/`[^`]+`/g)?.map((span) => span.slice(1, -1)) ?? [];
