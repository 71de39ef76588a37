import { formatRowList, problemStatusLabel } from "../results/problem-groups.js";
import type { EvaluationResultData, MetricAggregate, RunMetadata } from "../results/types.js";
import { sampleFieldSpec, sampleFields } from "../sample/field-table.js";
import { textLines } from "../util/lines.js";
import { cascadeSentences } from "./cascade-lines.js";
import { formatScore, rowsRun, scoredOf, truncate } from "./format.js";
import { histogramSvg } from "./histogram.js";
import { html, jsonForScript, SafeHtml } from "./html-escape.js";
import { REPORT_CSS } from "./html-style.js";
import { formatInterval, intervalNote, intervalTitle } from "./interval-text.js";
import { jurySentences } from "./jury-lines.js";
import { type ReportParts, reportPartsOf } from "./parts.js";
import { positionFlipSentences } from "./position-flip-lines.js";
import { REPORT_SCRIPT } from "./report-script.js";
import { REPORT_SCRIPT_SHA256 } from "./report-script-hash.js";
import { type ReportInput, runModels } from "./views.js";
import { whiskerSvg } from "./whisker.js";

/** Options for {@link toHtmlReport}. */
export interface HtmlReportOptions {
  /** Page title and heading. Defaults to `"airgap-eval report"`. */
  title?: string;
  /** Bins per histogram. Defaults to `10`. */
  histogramBins?: number;
  /**
   * Most rows embedded in the row table (the first ones, in row order); the cards, aggregates and
   * histograms always cover every row, and a note says how many rows the table leaves out (they are in
   * the results file and the CSV and JSON reports). A browser slows down past a few thousand expandable
   * rows. Defaults to `5000`.
   */
  maxRows?: number;
}

/** The report's Content-Security-Policy: nothing may be fetched; inline style, and only the report's own script (allowed by its sha256). */
export const REPORT_CSP = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${REPORT_SCRIPT_SHA256}'; img-src data:`;

function kvChips(record: Record<string, unknown> | undefined): SafeHtml {
  const entries = Object.entries(record ?? {});
  if (entries.length === 0) return html`<span class="muted">-</span>`;
  return html`${entries.map(([k, v]) => html`<span class="kv">${k}=${v === null ? "null" : String(v)}</span> `)}`;
}

function definitionList(record: Record<string, unknown> | undefined): SafeHtml {
  const entries = Object.entries(record ?? {});
  if (entries.length === 0) return html`<p class="muted">none recorded</p>`;
  return html`<dl>${entries.map(
    ([k, v]) =>
      html`<dt>${k}</dt><dd class="mono">${v === null ? "null" : typeof v === "object" ? JSON.stringify(v) : String(v)}</dd>`,
  )}</dl>`;
}

function aggregateTable(
  aggregates: MetricAggregate[],
  domains: Record<string, { lo: number; hi: number }>,
): SafeHtml {
  const num = (v: number | null) => html`<td class="num">${formatScore(v)}</td>`;
  const note = intervalNote(aggregates);
  return html`<table id="aggregate-table">
<thead><tr><th>Metric</th><th class="num">Mean</th><th class="num">${intervalTitle(aggregates)}</th><th class="num">Std</th><th class="num">Min</th><th class="num">Max</th><th class="num">Scored</th><th class="num">No score</th><th class="num">Errors</th><th class="num">Skipped</th></tr></thead>
<tbody>${aggregates.map(
    (a) =>
      html`<tr data-metric="${a.metric}"><td><code>${a.metric}</code></td>${num(a.mean)}<td class="num interval">${formatInterval(a.interval)}${whiskerSvg(a.mean, a.interval, domains[a.metric] ?? { lo: 0, hi: 1 })}</td>${num(a.std)}${num(a.min)}${num(a.max)}<td class="num">${a.count} of ${rowsRun(a)}</td><td class="num">${a.nulls ?? 0}</td><td class="num">${a.errors}</td><td class="num">${a.skipped}</td></tr>`,
  )}</tbody></table>${note === "" ? "" : html`<p class="muted interval-note">${note}</p>`}`;
}

function runSection(meta: RunMetadata | undefined): SafeHtml {
  const metricConfigs = Object.entries(meta?.metrics ?? {});
  const models = runModels({ metadata: meta } as EvaluationResultData);
  const usedBy = (id: string, sha: string | null | undefined) =>
    metricConfigs
      .filter(([, c]) => (c.models ?? []).some((m) => m.id === id && (m.sha256 ?? null) === (sha ?? null)))
      .map(([name]) => name)
      .join(", ");
  const modelTable =
    models.length === 0
      ? html`<p class="muted">No models recorded (pure metrics only).</p>`
      : html`<table id="model-table"><thead><tr><th>Model</th><th>Kind</th><th>sha256</th><th>Runtime</th><th>Settings</th><th>Speed settings</th><th>Used by</th></tr></thead><tbody>${models.map(
          (m) =>
            html`<tr><td><code>${m.id}</code>${m.path ? html`<div class="sha muted">${m.path}</div>` : null}</td><td>${m.kind}</td><td class="sha">${m.sha256 ?? "unknown"}</td><td>${m.runtime?.name ?? "?"} ${m.runtime?.version ?? ""}</td><td>${kvChips(m.settings)}</td><td>${kvChips(m.performance)}</td><td>${usedBy(m.id, m.sha256)}</td></tr>`,
        )}</tbody></table>`;
  const metricTable =
    metricConfigs.length === 0
      ? html`<p class="muted">No metric configuration recorded.</p>`
      : html`<table id="metric-config-table"><thead><tr><th>Metric</th><th>Prompt versions</th><th>Options</th><th>Config hash</th></tr></thead><tbody>${metricConfigs.map(
          ([name, c]) =>
            html`<tr><td><code>${name}</code></td><td>${kvChips(c.promptVersions)}</td><td>${kvChips(c.options)}</td><td class="sha" title="${c.configHash ?? ""}">${(c.configHash ?? "").slice(0, 16)}</td></tr>`,
        )}</tbody></table>`;
  return html`<section id="run" class="meta">
<h2>How this run was made</h2>
<dl><dt>airgap-eval</dt><dd>${meta?.version ?? "?"}</dd><dt>Dataset</dt><dd>${meta?.dataset ?? "(in-memory)"}</dd><dt>Started</dt><dd>${meta?.startedAt ?? "?"}</dd><dt>Finished</dt><dd>${meta?.finishedAt ?? "?"}</dd></dl>
<h3>Models</h3>${modelTable}
<h3>Metrics</h3>${metricTable}
<details open><summary>Runtime</summary>${definitionList(meta?.runtime)}</details>
<details open><summary>Options</summary>${definitionList(meta?.options)}</details>
</section>`;
}

/**
 * The run as one self-contained HTML file that works offline: inline CSS, script and SVG, a CSP that
 * forbids every fetch, per-metric histograms, a sortable and filterable row table whose rows expand to
 * show statements, questions, verdicts and reasons, and the run's metadata (models with sha256, runtime
 * versions, settings, prompt versions). Dataset text is escaped in the markup and reaches the script as
 * JSON (with `<` written as `\u003c`), which builds the table with `textContent` only.
 *
 * @example
 * await writeFile("report.html", toHtmlReport(result, { title: "Nightly RAG eval" }));
 */
export function toHtmlReport(input: ReportInput, options: HtmlReportOptions = {}): string {
  return [...htmlReportChunks(reportPartsOf(input), options)].join("");
}

/** The sample fields some row has, in table order, with the title and kind the page shows them by. */
function reportFields(parts: ReportParts): Array<{ key: string; label: string; kind: string }> {
  return sampleFields
    .filter((field) => parts.sampleFields.has(field))
    .map((field) => ({ key: field, label: sampleFieldSpec(field).label, kind: sampleFieldSpec(field).kind }));
}

/**
 * The HTML report in pieces, the embedded rows one by one: {@link toHtmlReport} is their concatenation,
 * and a report written from a results file writes them as they come. Reads `parts.rows()` once for the
 * histograms (through `parts.histograms`) and once for the first `maxRows` rows.
 *
 * @example
 * for (const piece of htmlReportChunks(reportPartsOf(result))) out.write(piece);
 */
export function* htmlReportChunks(parts: ReportParts, options: HtmlReportOptions = {}): Generator<string> {
  const title = options.title ?? "airgap-eval report";
  const { aggregates, metrics, domains } = parts;
  const meta = parts.metadata;
  const histograms = parts.histograms(options.histogramBins ?? 10);

  // Every (row, metric) cell without a number, split by why: an error, skipped, or ok with no score.
  const totals = aggregates.reduce(
    (t, a) => ({
      scored: t.scored + a.count,
      run: t.run + rowsRun(a),
      noScore: t.noScore + (a.nulls ?? 0),
      errors: t.errors + a.errors,
      skipped: t.skipped + a.skipped,
    }),
    { scored: 0, run: 0, noScore: 0, errors: 0, skipped: 0 },
  );
  const invalid = parts.invalidRows ?? [];

  const charts = aggregates.map((a) => {
    const counted = histograms.get(a.metric)!;
    return html`<figure class="chart" data-metric="${a.metric}"><figcaption><b>${a.metric}</b> · ${scoredOf(a)}${a.mean === null ? "" : ` · mean ${formatScore(a.mean)}`}${a.errors ? ` · ${a.errors} error${a.errors === 1 ? "" : "s"}` : ""}${a.skipped ? ` · ${a.skipped} skipped` : ""}${a.nulls ? ` · ${a.nulls} no score` : ""}</figcaption>${histogramSvg(
      { metric: a.metric, histogram: counted.histogram, count: counted.count, mean: a.mean },
    )}</figure>`;
  });

  const problems = parts.problems;
  // Grouped (one entry per distinct reason, with its rows) and folded, after the charts: however many rows
  // failed, the cards, the metrics and the charts stay on the first screen.
  const problemSection =
    problems.length === 0
      ? null
      : html`<section id="problems"><h2>Errors and skipped rows</h2><p class="muted">${problems.length} distinct reason${problems.length === 1 ? "" : "s"}; rows with the same reason (row-specific numbers aside) are listed once. Open one to read it.</p>${problems.map(
          (p) =>
            html`<details class="problem ${p.status}"><summary><code>${p.metric}</code> <span class="badge ${p.status}">${problemStatusLabel(p.status)}</span> on <span class="problem-rows">${formatRowList(p.rows, p.count)}</span>: <span class="problem-head">${truncate(textLines(p.text)[0] ?? "", 160)}</span></summary><pre class="problem-text">${p.text}</pre></details>`,
        )}</section>`;

  const invalidSection =
    invalid.length === 0
      ? null
      : html`<section id="invalid"><h2>Invalid rows (${invalid.length}, not evaluated)</h2><table><thead><tr><th class="num">Row</th><th class="num">Line</th><th>Field</th><th>Problem</th></tr></thead><tbody>${invalid.map(
          (r) =>
            html`<tr><td class="num">${r.row}</td><td class="num">${r.line ?? "-"}</td><td><code>${r.field ?? "-"}</code></td><td>${r.message}</td></tr>`,
        )}</tbody></table></section>`;

  const maxRows = Math.max(0, Math.floor(options.maxRows ?? 5000));
  const rowCount = parts.rowCount;
  const shown = Math.min(rowCount, maxRows);
  const rowsNote =
    shown < rowCount
      ? html`<p class="muted" id="rows-capped">The table shows the first ${shown} of ${rowCount} rows (option maxRows); the counts, aggregates and histograms above cover all of them, and every row is in the results file and the CSV and JSON reports.</p>`
      : null;
  const sub = [
    meta?.dataset,
    meta?.startedAt ? `run ${meta.startedAt}` : undefined,
    `airgap-eval ${meta?.version ?? ""}`,
  ]
    .filter(Boolean)
    .join(" · ");

  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${new SafeHtml(REPORT_CSP)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${new SafeHtml(REPORT_CSS)}</style>
</head>
<body>
<header class="top"><h1>${title}</h1><p class="sub">${sub}</p></header>
<main>
<section id="summary"><div class="cards">
<div class="card"><div class="n">${rowCount}</div><div class="l">Rows evaluated</div></div>
<div class="card"><div class="n">${metrics.length}</div><div class="l">Metrics</div></div>
<div class="card${totals.scored < totals.run ? " skipped" : ""}" id="card-scored"><div class="n">${totals.scored} of ${totals.run}</div><div class="l">Scores (row × metric)</div></div>
<div class="card${totals.noScore ? " skipped" : ""}" id="card-no-score"><div class="n">${totals.noScore}</div><div class="l">No score</div></div>
<div class="card${totals.errors ? " error" : ""}" id="card-errors"><div class="n">${totals.errors}</div><div class="l">Errors</div></div>
<div class="card${totals.skipped ? " skipped" : ""}" id="card-skipped"><div class="n">${totals.skipped}</div><div class="l">Skipped</div></div>
<div class="card${invalid.length ? " error" : ""}"><div class="n">${invalid.length}</div><div class="l">Invalid rows</div></div>
</div></section>
<section id="aggregates"><h2>Metrics</h2>${aggregateTable(aggregates, parts.domains)}${[...cascadeSentences(aggregates), ...positionFlipSentences(aggregates)].map((c) => html`<p class="muted cascade-share">${c}</p>`)}${jurySentences(aggregates).map((c) => html`<p class="muted jury-agreement">${c}</p>`)}</section>
<section id="charts"><h2>Score distributions</h2><div class="charts">${charts}</div></section>
${problemSection}
<section id="rows"><h2>Rows</h2>
${rowsNote}
<div class="controls">
<input id="filter-text" type="search" placeholder="Filter rows by any text…" title="Matches the row's inputs, reasons and details" aria-label="Filter rows by text">
<select id="filter-status" aria-label="Filter rows by status"><option value="all">All statuses</option><option value="ok">All metrics ok</option><option value="error">Any error</option><option value="skipped">Any skipped</option></select>
<button id="expand-all" type="button">Expand / collapse all</button>
<span id="row-count" aria-live="polite"></span>
</div>
<div class="table-wrap"><table id="row-table"><thead></thead><tbody></tbody></table></div>
<noscript><p>The row table needs JavaScript. The same rows are in the Markdown, CSV and JSON reports.</p></noscript>
</section>
${invalidSection}
${runSection(meta)}
</main>
<footer>Generated offline by airgap-eval ${meta?.version ?? ""}. This file fetches nothing.</footer>
<script type="application/json" id="report-data">`;
  yield page.value;
  // The payload, as jsonForScript({ metrics, fields, rows, ranges }) writes it, one row at a time.
  yield `{"metrics":${jsonForScript(metrics)},"fields":${jsonForScript(reportFields(parts))},"rows":[`;
  let n = 0;
  for (const row of parts.rows()) {
    if (n >= shown) break;
    yield `${n === 0 ? "" : ","}${jsonForScript(row)}`;
    n++;
  }
  yield `],"ranges":${jsonForScript(domains)}}`;
  yield html`</script>
<script>${new SafeHtml(REPORT_SCRIPT)}</script>
</body>
</html>
`.value;
}
