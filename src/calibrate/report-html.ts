import type { LabelKind } from "../datasets/converters/types.js";
import type { MetricResult } from "../metrics/types.js";
import { formatScore } from "../report/format.js";
import { html, SafeHtml } from "../report/html-escape.js";
import { REPORT_CSS } from "../report/html-style.js";
import { version } from "../version.js";
import { bandBlock } from "./band-html.js";
import { negativeClassName } from "./binary.js";
import type { CalibrationResult, Disagreement } from "./calibrate.js";
import type { Figure } from "./figure.js";
import type { BinaryReport, FigureReport, ReliabilityBin } from "./figures.js";

/** Nothing may be fetched and no script runs: the calibration report is static HTML and inline SVG. */
const CALIBRATION_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const EXTRA_CSS = `
.figure-table td.ci { color: var(--muted); white-space: nowrap; }
.why { color: var(--muted); font-size: 12px; }
.confusion { width: auto; }
.confusion td, .confusion th { text-align: center; min-width: 90px; }
.judges { display: flex; flex-wrap: wrap; gap: 16px; }
.judge { flex: 1 1 420px; border: 1px solid var(--border); border-radius: 8px; padding: 10px 14px; }
.disagreement { border-top: 1px solid var(--border); padding: 8px 0; }
.disagreement p { margin: 4px 0; }
.verdict-1 { color: var(--ok); } .verdict-0 { color: var(--error); }
svg.reliability text { font-size: 10px; fill: var(--muted); }
`;

function figureCell(f: Figure): SafeHtml {
  if (f.value === null) return html`<td class="num">n/a</td><td class="why">${f.reason ?? ""}</td>`;
  const ci = f.interval ? `[${formatScore(f.interval[0])}, ${formatScore(f.interval[1])}]` : "";
  return html`<td class="num">${formatScore(f.value)}</td><td class="ci">${ci}</td>`;
}

function figureRows(f: FigureReport, labels: LabelKind): [string, Figure][] {
  if (f.kind === "binary") {
    const negative = negativeClassName(labels);
    const name = negative.startsWith("negative") ? negative : `${negative} (negative)`;
    return [
      ["Accuracy", f.accuracy],
      ["Balanced accuracy", f.balancedAccuracy],
      ["Cohen's κ", f.cohensKappa],
      [`${name} class precision`, f.negativeClass.precision],
      [`${name} class recall`, f.negativeClass.recall],
      [`${name} class F1`, f.negativeClass.f1],
      ["AUROC (score)", f.auroc],
    ];
  }
  if (f.kind === "graded") {
    return [
      ["Spearman ρ", f.spearman],
      ["Kendall τ-b", f.kendallTauB],
      ["MAE after scaling", f.scaledMeanAbsoluteError],
    ];
  }
  return [
    ["Agreement", f.agreement],
    ["Tie rate", f.tieRate],
  ];
}

/** The columns of the figure table: every judge, then every judge-free baseline. */
function columns(result: CalibrationResult): { name: string; figures: FigureReport; scored: SafeHtml }[] {
  return [
    ...result.judges.map((j) => ({
      name: j.name,
      figures: j.figures,
      scored: html`<td class="num">${j.scored} of ${result.rows}</td><td class="why">${j.unscored.length > 0 ? `${j.unscored.length} without a score` : ""}</td>`,
    })),
    ...(result.baselines ?? []).map((b) => ({
      name: `baseline: ${b.name}`,
      figures: b.figures,
      scored: html`<td class="num">${b.rows} of ${result.rows}</td><td class="why">${b.split ? "split B" : ""}</td>`,
    })),
  ];
}

function figureTable(result: CalibrationResult): SafeHtml {
  const cols = columns(result);
  const names = figureRows(cols[0]!.figures, result.labels).map(([n]) => n);
  return html`<table class="figure-table" id="figures"><thead><tr><th>Figure</th>${cols.map(
    (c) => html`<th class="num">${c.name}</th><th>95% interval</th>`,
  )}</tr></thead><tbody>${names.map(
    (name, i) =>
      html`<tr><td>${name}</td>${cols.map((c) => figureCell(figureRows(c.figures, result.labels)[i]![1]))}</tr>`,
  )}<tr><td>Rows measured</td>${cols.map((c) => c.scored)}</tr></tbody></table>${baselineNotes(result)}`;
}

function baselineNotes(result: CalibrationResult): SafeHtml | null {
  if (result.baselines === undefined || result.baselines.length === 0) return null;
  return html`<p class="why">Baselines without a judge, on the same rows: what a judge must beat.</p><ul class="why">${result.baselines.map(
    (b) =>
      html`<li>${b.name}: ${b.method}${b.unscored.length > 0 ? ` (${b.unscored.length} rows without tokens left out)` : ""}</li>`,
  )}</ul>`;
}

function confusionTable(f: BinaryReport): SafeHtml {
  const m = f.confusion;
  return html`<table class="confusion"><thead><tr><th></th><th>judge ≥ ${f.threshold}</th><th>judge &lt; ${f.threshold}</th></tr></thead><tbody>
<tr><th>people: 1</th><td>${m.truePositive}</td><td>${m.falseNegative}</td></tr>
<tr><th>people: 0</th><td>${m.falsePositive}</td><td>${m.trueNegative}</td></tr></tbody></table>`;
}

function reliabilitySvg(bins: ReliabilityBin[]): SafeHtml {
  const size = 220;
  const pad = 28;
  const scale = (v: number) => pad + v * (size - 2 * pad);
  const y = (v: number) => size - scale(v);
  const maxCount = Math.max(1, ...bins.map((b) => b.count));
  return html`<svg class="reliability" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" role="img" aria-label="Reliability diagram">
<rect x="${pad}" y="${pad}" width="${size - 2 * pad}" height="${size - 2 * pad}" fill="none" stroke="currentColor" stroke-opacity="0.3"/>
<line x1="${scale(0)}" y1="${y(0)}" x2="${scale(1)}" y2="${y(1)}" stroke="currentColor" stroke-dasharray="3 3" stroke-opacity="0.5"/>
${bins.map(
  (b) =>
    html`<circle cx="${scale(b.meanScore)}" cy="${y(b.observedRate)}" r="${2 + 5 * Math.sqrt(b.count / maxCount)}" fill="#4f83e0" fill-opacity="0.7"><title>scores ${b.low.toFixed(1)}–${b.high.toFixed(1)}: ${b.count} rows, mean score ${formatScore(b.meanScore)}, observed ${formatScore(b.observedRate)}</title></circle>`,
)}
<text x="${size / 2}" y="${size - 6}" text-anchor="middle">judge score</text>
<text x="10" y="${size / 2}" text-anchor="middle" transform="rotate(-90 10 ${size / 2})">share labelled 1 by people</text>
<text x="${scale(0)}" y="${size - pad + 12}" text-anchor="middle">0</text><text x="${scale(1)}" y="${size - pad + 12}" text-anchor="middle">1</text>
</svg>`;
}

function judgeSaid(result: MetricResult): SafeHtml {
  const d = result.details ?? {};
  const verdicts = Array.isArray(d.verdicts)
    ? (d.verdicts as { statement?: string; verdict?: number; reason?: string }[])
    : [];
  const statements = Array.isArray(d.statements) ? (d.statements as unknown[]).map(String) : [];
  const parts: SafeHtml[] = [];
  if (verdicts.length > 0) {
    parts.push(
      html`<ol>${verdicts.map(
        (v) =>
          html`<li><span class="verdict-${v.verdict ?? ""}">${v.verdict === 1 ? "supported" : v.verdict === 0 ? "not supported" : String(v.verdict)}</span>: ${v.statement ?? ""} <span class="why">${v.reason ?? ""}</span></li>`,
      )}</ol>`,
    );
  } else if (statements.length > 0) {
    parts.push(html`<ol>${statements.map((s) => html`<li>${s}</li>`)}</ol>`);
  }
  if (result.reason) parts.push(html`<p class="why">${result.reason}</p>`);
  if (result.error) parts.push(html`<p class="why">${result.error}</p>`);
  return html`${parts}`;
}

function disagreementBlock(d: Disagreement, pairwise: boolean): SafeHtml {
  const sample = d.samples[0]!;
  return html`<div class="disagreement"><p><b>${d.id}</b> (row ${d.row}): people ${pairwise ? (d.human === 1 ? "preferred A" : "preferred B") : formatScore(d.human)}, judge ${formatScore(d.score)}</p>
${sample.userInput ? html`<p><span class="why">Question:</span> ${sample.userInput.slice(0, 400)}</p>` : null}
${d.samples.map(
  (s, k) =>
    html`<p><span class="why">${pairwise ? `Response ${k === 0 ? "A" : "B"}` : "Response"}:</span> ${(s.response ?? "").slice(0, 400)}</p>${judgeSaid(d.results[k]!)}`,
)}</div>`;
}

/**
 * The calibration as one self-contained, static HTML page: the figures of every judge side by side
 * with their 95% intervals, confusion matrices, reliability diagrams (binary labels), the
 * best-separating threshold, and the rows where judge and people disagree most, with the judge's
 * statements and verdicts. All text is escaped; nothing is fetched and no script runs.
 *
 * @example
 * await writeFile("calibration.html", toCalibrationHtml(await calibrate(file, { judges })));
 */
export function toCalibrationHtml(result: CalibrationResult, title = "airgap-eval calibration"): string {
  const pairwise = result.labels.kind === "pairwise";
  const labelText =
    result.labels.kind === "graded" ? `graded ${result.labels.min}–${result.labels.max}` : result.labels.kind;
  const judges = result.judges.map((j) => {
    const f = j.figures;
    const binary =
      f.kind === "binary"
        ? html`<h3>Confusion matrix</h3>${confusionTable(f)}
<p>Best-separating threshold: ${f.bestThreshold === null ? "n/a (one human class)" : `${formatScore(f.bestThreshold.threshold)} (balanced accuracy ${formatScore(f.bestThreshold.balancedAccuracy)})`}; shown for information, it changes no default.</p>
${f.reliability.length > 0 ? html`<h3>Reliability</h3>${reliabilitySvg(f.reliability)}` : null}`
        : null;
    const verifier = j.config.options.verifier;
    const models = [
      ...j.config.models.map((m) => `${m.id}${m.sha256 ? ` (sha256 ${m.sha256.slice(0, 12)}…)` : ""}`),
      ...(typeof verifier === "string" ? [`verifier ${verifier}`] : []),
    ].join(", ");
    return html`<div class="judge"><h2>${j.name}</h2><p class="why">${models} · prompts ${Object.entries(
      j.config.promptVersions,
    )
      .map(([k, v]) => `${k}@${v}`)
      .join(", ")}</p>${binary}${bandBlock(j.band)}
<h3>Largest disagreements</h3>${j.disagreements.length === 0 ? html`<p class="why">none</p>` : j.disagreements.map((d) => disagreementBlock(d, pairwise))}
${j.unscored.length > 0 ? html`<h3>Rows without a score (${j.unscored.length})</h3><ul>${j.unscored.slice(0, 20).map((u) => html`<li>${u.id}: ${u.reason}</li>`)}</ul>` : null}</div>`;
  });
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${new SafeHtml(CALIBRATION_CSP)}">
<meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${new SafeHtml(REPORT_CSS + EXTRA_CSS)}</style></head>
<body><header class="top"><h1>${title}</h1><p class="sub">${result.metric} · ${labelText} labels · ${result.rows} rows${result.file ? ` · ${result.file}` : ""}${result.interrupted ? " · interrupted" : ""}</p></header>
<main>
<section><h2>Agreement with people</h2>${figureTable(result)}
<p class="why">Intervals: percentile bootstrap, ${result.settings.resamples} resamples, seed ${result.settings.seed}${pairwise ? "" : `; binary verdict = score ≥ ${result.settings.threshold}`}. A figure shown as n/a is undefined on these rows, for the reason beside it.</p>
${result.invalid.length > 0 ? html`<p class="why">${result.invalid.length} labelled rows were invalid and left out (first: row ${result.invalid[0]!.row}, ${result.invalid[0]!.field ?? ""}: ${result.invalid[0]!.message}).</p>` : null}</section>
<div class="judges">${judges}</div>
</main><footer>Generated offline by airgap-eval ${version}. This file fetches nothing.</footer></body></html>
`.value;
}
