import type { Comparison } from "./compare.js";
import { formatDelta, formatScore, rowsRun, truncate } from "./format.js";
import { html, SafeHtml } from "./html-escape.js";
import { REPORT_CSS } from "./html-style.js";

/** Options for {@link comparisonToHtml}. */
export interface ComparisonHtmlOptions {
  /** Most changed rows listed. Defaults to `50`. */
  maxRows?: number;
}

/**
 * Two runs compared as one self-contained HTML page in the eval report's style (no script; a CSP that forbids
 * every fetch): per-metric means, scored n of N and deltas, then the paired rows that changed most (largest
 * absolute delta over their metrics, or a changed status), then the rows found in one run only.
 *
 * @example
 * await writeFile("compare.html", comparisonToHtml(compareRuns(before, after)));
 */
export function comparisonToHtml(comparison: Comparison, options: ComparisonHtmlOptions = {}): string {
  const { a: A, b: B } = comparison.labels;
  const metrics = comparison.metrics.map((m) => m.metric);
  const scored = (agg: Parameters<typeof rowsRun>[0] | null) =>
    agg ? `${agg.count} of ${rowsRun(agg)}` : "-";
  const cls = (d: number | null) => (d === null || Math.abs(d) <= 1e-9 ? "" : d > 0 ? "up" : "down");
  const change = (row: Comparison["rows"][number]) =>
    Math.max(
      0,
      ...Object.values(row.metrics).map((c) =>
        // A metric run on one side only is not a change of the row.
        c.statusA === undefined || c.statusB === undefined
          ? 0
          : c.delta !== null
            ? Math.abs(c.delta)
            : c.statusA !== c.statusB
              ? Number.POSITIVE_INFINITY
              : 0,
      ),
    );
  const changed = comparison.rows
    .map((row) => ({ row, size: change(row) }))
    .filter((r) => r.size > 1e-9)
    .sort((x, y) => y.size - x.size || x.row.rowA - y.row.rowA)
    .slice(0, options.maxRows ?? 50);
  const side = (value: number | null, status: string | undefined) =>
    status === undefined
      ? "-"
      : status === "ok"
        ? value === null
          ? "no score"
          : formatScore(value)
        : status;
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="referrer" content="no-referrer">
<title>airgap-eval comparison: ${A} → ${B}</title>
<style>${new SafeHtml(REPORT_CSS)}
td.up { color: var(--ok); } td.down { color: var(--error); }</style></head>
<body><header class="top"><h1>${A} → ${B}</h1><p class="sub">rows paired by ${comparison.matchedBy}: ${comparison.rows.length} paired, ${comparison.onlyInA.length} only in ${A}, ${comparison.onlyInB.length} only in ${B}</p></header>
<main>
<section id="compare-metrics"><h2>Metrics</h2><table><thead><tr><th>Metric</th><th class="num">Mean ${A}</th><th class="num">Mean ${B}</th><th class="num">Delta</th><th class="num">Scored ${A}</th><th class="num">Scored ${B}</th><th class="num">Paired mean delta</th><th class="num">Up</th><th class="num">Down</th><th class="num">Same</th><th>Config changed</th></tr></thead><tbody>${comparison.metrics.map(
    (m) =>
      html`<tr data-metric="${m.metric}"><td><code>${m.metric}</code></td><td class="num">${formatScore(m.a?.mean)}</td><td class="num">${formatScore(m.b?.mean)}</td><td class="num ${cls(m.meanDelta)}">${formatDelta(m.meanDelta)}</td><td class="num">${scored(m.a)}</td><td class="num">${scored(m.b)}</td><td class="num ${cls(m.pairedMeanDelta)}">${formatDelta(m.pairedMeanDelta)}</td><td class="num">${m.improved}</td><td class="num">${m.regressed}</td><td class="num">${m.unchanged}</td><td>${m.configChanged ? "yes" : "no"}</td></tr>`,
  )}</tbody></table></section>
<section id="compare-run"><h2>How the runs differ</h2>${
    comparison.runDifferences.length === 0
      ? html`<p class="muted">Made alike: the same machine, runtimes, models and settings.</p>`
      : html`<ul>${comparison.runDifferences.map((d) => html`<li>${d}</li>`)}</ul>`
  }</section>
<section id="compare-rows"><h2>Rows that changed most</h2>${
    changed.length === 0
      ? html`<p class="muted">No paired row changed.</p>`
      : html`<div class="table-wrap"><table><thead><tr><th class="num">Row ${A}</th><th class="num">Row ${B}</th><th>Question</th>${metrics.map((m) => html`<th class="num">${m} ${A} → ${B} (Δ)</th>`)}</tr></thead><tbody>${changed.map(
          ({ row }) =>
            html`<tr><td class="num">${row.rowA}</td><td class="num">${row.rowB}</td><td>${truncate(row.userInput ?? "", 160)}</td>${metrics.map(
              (m) => {
                const c = row.metrics[m];
                return c
                  ? html`<td class="num ${cls(c.delta)}">${side(c.a, c.statusA)} → ${side(c.b, c.statusB)} (${formatDelta(c.delta)})</td>`
                  : html`<td></td>`;
              },
            )}</tr>`,
        )}</tbody></table></div>`
  }</section>
${[
  [A, comparison.onlyInA],
  [B, comparison.onlyInB],
].map(([label, list]) =>
  (list as Comparison["onlyInA"]).length === 0
    ? null
    : html`<section><h2>Only in ${label as string}</h2><ul>${(list as Comparison["onlyInA"]).map((r) => html`<li>row ${r.row}: ${truncate(r.userInput ?? "", 160)}</li>`)}</ul></section>`,
)}
</main><footer>Generated offline by airgap-eval. This file fetches nothing.</footer></body></html>
`;
  return page.value;
}
