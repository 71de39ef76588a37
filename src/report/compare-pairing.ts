// Whether the rows `compareRuns` paired by position are the same rows: two runs of different datasets
// pair row 0 with row 0 all the same, and their deltas then mean nothing.
import type { EvaluationResultData } from "../results/types.js";
import type { Comparison } from "./compare.js";

interface RowIdentity {
  rowHash: string;
  userInput: string | undefined;
}

function identities(data: Pick<EvaluationResultData, "records">): Map<number, RowIdentity> {
  const out = new Map<number, RowIdentity>();
  for (const r of data.records) {
    if (!out.has(r.row)) out.set(r.row, { rowHash: r.rowHash, userInput: r.sample.userInput });
  }
  return out;
}

/**
 * A warning when `comparison` paired rows by position (`matchedBy: "row"`) and some pairs share neither
 * the question nor the row's contents, naming how many, the first such row and the datasets; undefined
 * when every pair is the same row (or the rows were paired by content).
 *
 * @example
 * const warning = positionPairingWarning(comparison, a, b, ["a.jsonl", "b.jsonl"]);
 */
export function positionPairingWarning(
  comparison: Pick<Comparison, "matchedBy" | "rows">,
  a: Pick<EvaluationResultData, "records" | "metadata">,
  b: Pick<EvaluationResultData, "records" | "metadata">,
  files: readonly [string, string],
): string | undefined {
  if (comparison.matchedBy !== "row" || comparison.rows.length === 0) return undefined;
  const idA = identities(a);
  const idB = identities(b);
  const unrelated = comparison.rows.filter((pair) => {
    const x = idA.get(pair.rowA);
    const y = idB.get(pair.rowB);
    if (x === undefined || y === undefined) return false;
    return x.rowHash !== y.rowHash && (x.userInput === undefined || x.userInput !== y.userInput);
  });
  if (unrelated.length === 0) return undefined;
  const first = unrelated[0]!;
  const datasets =
    a.metadata.dataset !== b.metadata.dataset
      ? ` The runs name different datasets (${a.metadata.dataset ?? "none"} and ${b.metadata.dataset ?? "none"}).`
      : "";
  return (
    `${unrelated.length} of ${comparison.rows.length} rows paired by position differ in question and contents between ` +
    `${files[0]} and ${files[1]} (first: row ${first.rowA}).${datasets} The runs may be of different datasets, ` +
    "and their deltas mean nothing; compare runs of one dataset, or pair identical rows with --key row_hash"
  );
}
