// `report compare --judge <gguf> --criteria ...`: for the rows paired in both runs, which run's response is better,
// judged head to head (an arena_g_eval metric, each pair in both orders) instead of read from score deltas.
import type { Metric, MetricResult } from "../metrics/types.js";
import type { Comparison } from "./compare.js";
import type { JudgedComparison, JudgedRow } from "./judged-types.js";
import { comparisonToMarkdown, escapeMarkdownCell, escapeMarkdownText } from "./markdown.js";

/** The candidates' names in the judge's results: run a and run b. */
const RUN_NAMES = { a: "a", b: "b" } as const;

/**
 * Judges every row paired in both runs that has a response in each: run a's response and run b's as the two
 * candidates of `metric` (an `ArenaGEval`), the question as the judge's input. Rows with the same response in both
 * runs are a tie without a call; rows whose question or a response is missing or blank are left unjudged, with the
 * reason.
 */
export async function judgeComparison(
  comparison: Comparison,
  metric: Metric,
  criteria: string,
  judge: string,
): Promise<JudgedComparison> {
  const rows: JudgedRow[] = [];
  for (const row of comparison.rows) {
    const base = {
      rowA: row.rowA,
      rowB: row.rowB,
      ...(row.userInput !== undefined ? { userInput: row.userInput } : {}),
    };
    if (isBlank(row.userInput) || isBlank(row.responseA) || isBlank(row.responseB)) {
      rows.push({
        ...base,
        winShareB: null,
        winner: null,
        swapped: false,
        flipped: false,
        reason: "no question or response in one of the runs",
      });
      continue;
    }
    if (row.responseA === row.responseB) {
      rows.push({
        ...base,
        winShareB: 0.5,
        winner: "tie",
        swapped: false,
        flipped: false,
        reason: "the same response in both runs",
      });
      continue;
    }
    const result = await metric.score({
      userInput: row.userInput!,
      candidates: { [RUN_NAMES.a]: row.responseA!, [RUN_NAMES.b]: row.responseB! },
    });
    rows.push({ ...base, ...judgedRow(result) });
  }
  const judgedRows = rows.filter((r) => r.winShareB !== null);
  const sum = judgedRows.reduce((s, r) => s + r.winShareB!, 0);
  return {
    criteria,
    judge,
    rows,
    wins: {
      a: rows.filter((r) => r.winner === "a").length,
      b: rows.filter((r) => r.winner === "b").length,
      tie: rows.filter((r) => r.winner === "tie").length,
    },
    meanWinShareB: judgedRows.length > 0 ? sum / judgedRows.length : null,
    judged: judgedRows.length,
    swapped: rows.filter((r) => r.swapped).length,
    positionFlips: rows.filter((r) => r.flipped).length,
  };
}

/** A text that is missing, empty or only whitespace: the judge would refuse it (no row of the comparison fails). */
function isBlank(text: string | undefined): boolean {
  return text === undefined || text.trim() === "";
}

/** A row's verdict from the metric's result: run a is the first candidate, so run b's win share is 1 - value. */
function judgedRow(
  result: MetricResult,
): Pick<JudgedRow, "winShareB" | "winner" | "swapped" | "flipped" | "reason"> {
  if (result.status !== "ok" || result.value === null) {
    return {
      winShareB: null,
      winner: null,
      swapped: false,
      flipped: false,
      reason: result.error ?? result.reason ?? result.status,
    };
  }
  const details = result.details as { positionFlips?: number; swappedPairs?: number } | undefined;
  const winShareB = 1 - result.value;
  return {
    winShareB,
    winner: winShareB > 0.5 ? "b" : winShareB < 0.5 ? "a" : "tie",
    swapped: (details?.swappedPairs ?? 0) > 0,
    flipped: (details?.positionFlips ?? 0) > 0,
    ...(result.reason !== undefined ? { reason: result.reason } : {}),
  };
}

/**
 * The judged comparison in one sentence, with the runs' labels as given (escaped by the caller's format): the wins,
 * run b's mean win share and the position-flip rate. The Markdown and HTML reports both print it.
 *
 * @example
 * judgedSummary(judged, "baseline", "candidate");
 * // "candidate won 1 rows, baseline won 1, 2 tied, of 4 judged; candidate's mean win share 0.500. The verdict ..."
 */
export function judgedSummary(judged: JudgedComparison, a: string, b: string): string {
  const share = judged.meanWinShareB === null ? "–" : judged.meanWinShareB.toFixed(3);
  const flipRate =
    judged.swapped > 0 ? ` (${((100 * judged.positionFlips) / judged.swapped).toFixed(1)}%)` : "";
  return (
    `${b} won ${judged.wins.b} rows, ${a} won ${judged.wins.a}, ${judged.wins.tie} tied, of ${judged.judged} judged; ` +
    `${b}'s mean win share ${share}. The verdict changed when the order was swapped in ${judged.positionFlips} of ${judged.swapped} rows judged in both orders${flipRate}.`
  );
}

/** A judged row's verdict in words: the better run's label (and "(flipped)"), "tie", or why it was not judged. */
export function judgedVerdict(row: JudgedRow, a: string, b: string): string {
  if (row.winner === null) return `not judged: ${row.reason ?? ""}`;
  const better = row.winner === "tie" ? "tie" : row.winner === "a" ? a : b;
  return row.flipped ? `${better} (flipped)` : better;
}

/** The judged comparison as a Markdown section, to follow the score comparison. */
export function judgedComparisonMarkdown(judged: JudgedComparison, labels: { a: string; b: string }): string {
  const a = escapeMarkdownText(labels.a);
  const b = escapeMarkdownText(labels.b);
  const out = [
    "## Judged head to head",
    "",
    `Judge ${escapeMarkdownText(judged.judge)}, criteria: ${escapeMarkdownText(judged.criteria)}`,
    "",
    judgedSummary(judged, a, b),
    "",
    `| Row | Question | Better | ${b} win share |`,
    "| ---: | --- | --- | ---: |",
    ...judged.rows.map(
      (r) =>
        `| ${r.rowB} | ${escapeMarkdownCell(r.userInput ?? "")} | ${escapeMarkdownCell(judgedVerdict(r, labels.a, labels.b))} | ${r.winShareB === null ? "–" : r.winShareB.toFixed(2)} |`,
    ),
    "",
  ];
  return out.join("\n");
}

/**
 * The comparison in Markdown, with its judged head-to-head section when it has one (`report compare --judge`): what
 * `report compare` prints and writes to a `.md` file.
 */
export function comparisonMarkdown(comparison: Comparison): string {
  const judged = comparison.judged;
  return (
    comparisonToMarkdown(comparison) +
    (judged !== undefined ? `\n${judgedComparisonMarkdown(judged, comparison.labels)}` : "")
  );
}
