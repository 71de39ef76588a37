import type { MetricStatus } from "../metrics/types.js";
import { formatRowList, problemStatusLabel } from "../results/problem-groups.js";
import type { EvaluationResultData, MetricAggregate } from "../results/types.js";
import { textLines } from "../util/lines.js";
import { cascadeSentences } from "./cascade-lines.js";
import { formatScore, rowsRun } from "./format.js";
import { formatInterval, intervalNote, intervalTitle } from "./interval-text.js";
import { jurySentences } from "./jury-lines.js";
import { positionFlipSentences } from "./position-flip-lines.js";
import { aggregatedView, type ProblemGroup, problemGroups, type ReportInput, reportData } from "./views.js";

/** Options for {@link formatSummary}. */
export interface SummaryOptions {
  /** Decimals of the mean. Defaults to `3`. */
  digits?: number;
  /**
   * Under the table, lists each metric's distinct skip reasons and error texts (at most `maxReasons` each),
   * when a full result is given. Defaults to `true`.
   */
  showReasons?: boolean;
  /** Most distinct reasons listed per metric and status. Defaults to `3`. */
  maxReasons?: number;
}

/**
 * Aligns rows of cells into columns: text columns padded on the right, numeric columns on the left.
 *
 * @example
 * alignColumns([["a", "1"], ["bb", "22"]], [false, true]); // ["a    1", "bb  22"]
 */
export function alignColumns(rows: readonly string[][], numeric: readonly boolean[], gap = 2): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  return rows.map((row) =>
    row
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join(" ".repeat(gap))
      .trimEnd(),
  );
}

/**
 * The compact plain-text summary the CLI prints at the end of a run: per metric the mean and its confidence
 * interval (with a line saying how the intervals were made), the rows scored
 * out of the rows it ran on ("scored n of N"), rows scored ok but with no number ("no score", e.g.
 * faithfulness with no statements), errors and skipped, in aligned columns, then the invalid-row count and (for a full result) why rows were skipped or
 * failed. No colours, so it is safe to pipe.
 *
 * @example
 * process.stdout.write(formatSummary(result));
 * // metric            mean  95% interval    scored  no score  errors  skipped
 * // answer_relevancy  0.812   0.771–0.850  18 of 20         1       1        0
 */
export function formatSummary(
  input: ReportInput | readonly MetricAggregate[],
  options: SummaryOptions = {},
): string {
  const digits = options.digits ?? 3;
  const full = Array.isArray(input) ? undefined : reportData(input as ReportInput);
  const aggregates = full ? aggregatedView(full) : (input as readonly MetricAggregate[]);
  const rows = [
    ["metric", "mean", intervalTitle(aggregates), "scored", "no score", "errors", "skipped"],
    ...aggregates.map((a) => [
      a.metric,
      formatScore(a.mean, digits),
      formatInterval(a.interval, digits),
      `${a.count} of ${rowsRun(a)}`,
      String(a.nulls),
      String(a.errors),
      String(a.skipped),
    ]),
  ];
  const lines = alignColumns(rows, [false, true, true, true, true, true, true]);
  if (aggregates.length === 0) lines.push("(no metrics)");
  const note = intervalNote(aggregates);
  if (note !== "") lines.push(note);
  const cascades = [
    ...cascadeSentences(aggregates),
    ...positionFlipSentences(aggregates),
    ...jurySentences(aggregates),
  ];
  if (cascades.length > 0) lines.push("", ...cascades);
  if (full) {
    const invalid = full.invalidRows?.length ?? 0;
    if (invalid > 0) lines.push("", `${invalid} invalid row${invalid === 1 ? "" : "s"} not evaluated.`);
    const changed = full.metadata.rowsChanged ?? 0;
    if (changed > 0) lines.push("", rowsChangedNotice(changed));
    if (options.showReasons ?? true) lines.push(...reasonLines(full, options.maxReasons ?? 3));
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The notice for rows re-scored on resume because they changed since the results were written.
 *
 * @example
 * rowsChangedNotice(1); // "1 row changed since the results were written; re-scored."
 */
export function rowsChangedNotice(count: number): string {
  return `${count} row${count === 1 ? "" : "s"} changed since the results were written; re-scored.`;
}

function reasonLines(data: EvaluationResultData, maxReasons: number): string[] {
  const byMetricStatus = new Map<string, ProblemGroup[]>();
  for (const group of problemGroups(data)) {
    const key = `${group.metric} ${group.status}`;
    byMetricStatus.set(key, [...(byMetricStatus.get(key) ?? []), group]);
  }
  if (byMetricStatus.size === 0) return [];
  // The same reason on the same rows for several metrics (typically one missing judge) is printed once,
  // naming them all.
  const shown = new Map<
    string,
    { metrics: string[]; status: MetricStatus; text: string; count: number; rows: string }
  >();
  const more: string[] = [];
  for (const groups of byMetricStatus.values()) {
    const sorted = [...groups].sort((x, y) => y.count - x.count);
    for (const { metric, status, text, count, rows } of sorted.slice(0, maxReasons)) {
      const rowList = formatRowList(rows, count);
      const key = `${status}\u0000${rowList}\u0000${text.trim()}`;
      const entry = shown.get(key) ?? { metrics: [], status, text: text.trim(), count, rows: rowList };
      entry.metrics.push(metric);
      shown.set(key, entry);
    }
    const first = sorted[0]!;
    if (sorted.length > maxReasons) {
      const rest = sorted.slice(maxReasons).reduce((n, g) => n + g.count, 0);
      more.push(
        `${first.metric}: ... ${sorted.length - maxReasons} more ${first.status} reasons on ${rest} more row${rest === 1 ? "" : "s"} (all in the HTML or Markdown report)`,
      );
    }
  }
  const out = [""];
  for (const { metrics, status, text, count, rows } of shown.values()) {
    const what = status === "error" ? (count === 1 ? "error" : "errors") : problemStatusLabel(status);
    const head = `${metrics.join(", ")}: ${count} ${what}${metrics.length > 1 ? " each" : ""} on ${rows}:`;
    const lines = textLines(text).filter((l) => l.trim() !== "");
    if (lines.length <= 1) out.push(`${head} ${text}`);
    else out.push(head, ...lines.map((l) => `    ${l.trimEnd()}`));
  }
  return [...out, ...more];
}
