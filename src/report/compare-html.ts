import type { Comparison } from "./compare.js";
import { deltaDirection, fileName, formatDelta, formatScore, rowsRun, runName, truncate } from "./format.js";
import { html, SafeHtml } from "./html-escape.js";
import { REPORT_CSS } from "./html-style.js";
import { detectableTitle, differenceCells, differenceNote, differenceTitle } from "./interval-text.js";
import { judgedSectionHtml } from "./judged-compare-html.js";

function differenceNoteHtml(comparison: Comparison): SafeHtml | string {
  const note = differenceNote(comparison.metrics);
  return note === "" ? "" : html`<p class="muted" id="difference-note">${note}</p>`;
}

function differenceTds(m: Comparison["metrics"][number]): SafeHtml {
  const [interval, p, significant, detectable] = differenceCells(m);
  return html`<td class="num">${interval}</td><td class="num">${p}</td><td class="${m.difference?.significant ? "significant" : ""}">${significant}</td><td class="num">${detectable}</td>`;
}

/** Options for {@link comparisonToHtml}. */
export interface ComparisonHtmlOptions {
  /** Most changed rows listed. Defaults to `50`. */
  maxRows?: number;
  /** Longest response shown in a changed row before it is cut with an ellipsis. Defaults to `400`. */
  maxResponseLength?: number;
}

/**
 * Two runs compared as one self-contained HTML page in the eval report's style (no script; a CSP that forbids
 * every fetch), titled with both runs' names and results files: per-metric means, scored n of N and deltas, then
 * the paired rows that changed most (largest absolute delta over their metrics, or a changed status) with their
 * question, response (both runs' when they differ) and scores, then the rows found in one run only. With
 * `comparison.judged` (`report compare --judge`), the judged head-to-head section follows the metrics. A delta is
 * green when it reads as a gain at three decimals, red when it reads as a drop, and plain when it reads `0.000`.
 *
 * @example
 * await writeFile("compare.html", comparisonToHtml(compareRuns(before, after)));
 */
export function comparisonToHtml(comparison: Comparison, options: ComparisonHtmlOptions = {}): string {
  const { a: A, b: B } = comparison.labels;
  const nameA = runName(A, comparison.files?.a);
  const nameB = runName(B, comparison.files?.b);
  const maxResponse = options.maxResponseLength ?? 400;
  const metrics = comparison.metrics.map((m) => m.metric);
  const scored = (agg: Parameters<typeof rowsRun>[0] | null) =>
    agg ? `${agg.count} of ${rowsRun(agg)}` : "-";
  const cls = (d: number | null) => {
    const direction = deltaDirection(d);
    return direction === "same" ? "" : direction;
  };
  const response = (row: Comparison["rows"][number]) =>
    row.responseA === row.responseB
      ? html`<div class="resp">${truncate(row.responseA ?? "", maxResponse)}</div>`
      : html`<div class="resp"><span class="run">${A}:</span> ${truncate(row.responseA ?? "(none)", maxResponse)}</div><div class="resp"><span class="run">${B}:</span> ${truncate(row.responseB ?? "(none)", maxResponse)}</div>`;
  const run = (meta: Comparison["metadata"]["a"]) =>
    [
      meta?.dataset ? fileName(meta.dataset) : undefined,
      meta?.startedAt ? `run ${meta.startedAt}` : undefined,
    ]
      .filter(Boolean)
      .join(", ");
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
<title>airgap-eval comparison: ${nameA} → ${nameB}</title>
<style>${new SafeHtml(REPORT_CSS)}
td.up { color: var(--ok); } td.down { color: var(--error); }
td.text { min-width: 16em; max-width: 34em; } .resp { white-space: pre-wrap; overflow-wrap: anywhere; margin: 2px 0; }
.resp .run { color: var(--muted); font-weight: 600; } #compare-rows td.num { white-space: nowrap; }</style></head>
<body><header class="top"><h1>${nameA} → ${nameB}</h1><p class="sub" id="compare-runs">${A}: ${run(comparison.metadata.a) || "-"} · ${B}: ${run(comparison.metadata.b) || "-"}</p><p class="sub">rows paired by ${comparison.matchedBy}: ${comparison.rows.length} paired, ${comparison.onlyInA.length} only in ${A}, ${comparison.onlyInB.length} only in ${B}</p></header>
<main>
<section id="compare-metrics"><h2>Metrics</h2><table><thead><tr><th>Metric</th><th class="num">Mean ${A}</th><th class="num">Mean ${B}</th><th class="num">Delta</th><th class="num">Scored ${A}</th><th class="num">Scored ${B}</th><th class="num">Paired mean delta</th><th class="num">${differenceTitle(comparison)}</th><th class="num">p</th><th>Significant</th><th class="num">${detectableTitle(comparison)}</th><th class="num">Up</th><th class="num">Down</th><th class="num">Same</th><th>Config changed</th></tr></thead><tbody>${comparison.metrics.map(
    (m) =>
      html`<tr data-metric="${m.metric}"><td><code>${m.metric}</code></td><td class="num">${formatScore(m.a?.mean)}</td><td class="num">${formatScore(m.b?.mean)}</td><td class="num ${cls(m.meanDelta)}">${formatDelta(m.meanDelta)}</td><td class="num">${scored(m.a)}</td><td class="num">${scored(m.b)}</td><td class="num ${cls(m.pairedMeanDelta)}">${formatDelta(m.pairedMeanDelta)}</td>${differenceTds(m)}<td class="num">${m.improved}</td><td class="num">${m.regressed}</td><td class="num">${m.unchanged}</td><td>${m.configChanged ? "yes" : "no"}</td></tr>`,
  )}</tbody></table>${differenceNoteHtml(comparison)}</section>
${comparison.judged !== undefined ? judgedSectionHtml(comparison.judged, comparison.labels) : ""}
<section id="compare-run"><h2>How the runs differ</h2>${
    comparison.runDifferences.length === 0
      ? html`<p class="muted">Made alike: the same machine, runtimes, models and settings.</p>`
      : html`<ul>${comparison.runDifferences.map((d) => html`<li>${d}</li>`)}</ul>`
  }</section>
<section id="compare-rows"><h2>Rows that changed most</h2>${
    changed.length === 0
      ? html`<p class="muted">No paired row changed.</p>`
      : html`<p class="muted">Each metric's cell reads ${A} → ${B} (delta).</p><div class="table-wrap"><table><thead><tr><th class="num">Row ${A}</th><th class="num">Row ${B}</th><th>Question</th><th>Response</th>${metrics.map((m) => html`<th class="num"><code>${m}</code></th>`)}</tr></thead><tbody>${changed.map(
          ({ row }) =>
            html`<tr><td class="num">${row.rowA}</td><td class="num">${row.rowB}</td><td class="text">${truncate(row.userInput ?? "", 160)}</td><td class="text">${response(row)}</td>${metrics.map(
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
