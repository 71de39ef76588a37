// What `report compare --judge` adds to a comparison (computed in judged-compare.ts): a leaf, so the comparison's
// types can hold it without importing the judging.

/** One paired row, judged. */
export interface JudgedRow {
  rowA: number;
  rowB: number;
  userInput?: string;
  /** Run b's win share against run a on this row (wins plus half the ties, over both orders); null when not judged. */
  winShareB: number | null;
  /** "a" or "b" when that run's response won the row, "tie" when neither did; null when not judged. */
  winner: "a" | "b" | "tie" | null;
  /** Whether the judge saw the row in both orders. */
  swapped: boolean;
  /** Whether the verdict changed when the order was swapped. */
  flipped: boolean;
  /** The judge's reason, or why the row was not judged. */
  reason?: string;
}

/** The judged comparison of two runs. */
export interface JudgedComparison {
  /** The criteria the responses were judged by. */
  criteria: string;
  /** The judge's model id. */
  judge: string;
  rows: JudgedRow[];
  /** Rows won by run a, by run b, and tied, among the judged ones. */
  wins: { a: number; b: number; tie: number };
  /** Mean of run b's win share over the judged rows; null when none was judged. */
  meanWinShareB: number | null;
  /** Judged rows (a row with the same response in both runs counts, as a tie without a call). */
  judged: number;
  /** Rows the judge saw in both orders (the position-flip rate's denominator). */
  swapped: number;
  /** Rows among `swapped` whose verdict changed when the order was swapped. */
  positionFlips: number;
}
