// The judge-free differences table of docs/peer-parity.md: one row per difference, | `check` | case kinds | reason |.
import { parityDoc, parityTable } from "./parity-doc.js";

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
  return parityTable(name).map(({ line, cells }) => {
    const [check, kinds, reason] = cells.map(cell);
    if (cells.length !== 3 || !check || !kinds || !reason) {
      throw new Error(`${parityDoc}:${line}: a difference row has three cells: check, case kinds, reason`);
    }
    return {
      check,
      kinds: kinds === "all" ? undefined : (cells[1] ?? "").split(",").map(cell),
      reason,
      line,
    };
  });
}
