// The calibration report's block for a proposed faithfulness cascade band (`calibrate` with `band`).
import { formatScore } from "../report/format.js";
import { html, type SafeHtml } from "../report/html-escape.js";
import type { BandProposal } from "./band.js";
import type { Figure } from "./figure.js";

function withInterval(f: Figure): string {
  if (f.value === null) return "n/a";
  return `${formatScore(f.value)}${f.interval ? ` [${formatScore(f.interval[0])}, ${formatScore(f.interval[1])}]` : ""}`;
}

/**
 * The proposed band, its agreement and judge share with their intervals, and the two paths alone; nothing when no
 * band was asked for.
 *
 * @example
 * html`<div>${bandBlock(judge.band)}</div>`;
 */
export function bandBlock(band: BandProposal | undefined): SafeHtml | null {
  if (band === undefined) return null;
  if (band.band === null) {
    return html`<h3>Cascade band</h3><p class="why cascade-band">${band.reason ?? "no band reaches the target"}</p>`;
  }
  return html`<h3>Cascade band</h3>
<p class="cascade-band">Proposed band [${formatScore(band.band[0])}, ${formatScore(band.band[1])}] for agreement ≥ ${formatScore(band.target)}: agreement ${withInterval(band.agreement)}, judge share ${withInterval(band.judgeShare)} (judge alone ${formatScore(band.judgeAlone)}, verifier alone ${formatScore(band.verifierAlone)}; ${band.rows} rows). Chosen on these rows: confirm it on others.</p>`;
}
