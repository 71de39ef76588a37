// `report compare --judge` in the comparison's HTML page: the judged head-to-head section (the judge, the criteria,
// the sentence the Markdown prints, and each judged row's verdict), as text, never markup.
import { formatScore, truncate } from "./format.js";
import { html, type SafeHtml } from "./html-escape.js";
import { judgedSummary, judgedVerdict } from "./judged-compare.js";
import type { JudgedComparison } from "./judged-types.js";

/**
 * The "Judged head to head" section of the comparison page.
 *
 * @example
 * judgedSectionHtml(comparison.judged, comparison.labels);
 */
export function judgedSectionHtml(judged: JudgedComparison, labels: { a: string; b: string }): SafeHtml {
  const { a, b } = labels;
  return html`<section id="compare-judged"><h2>Judged head to head</h2><p class="sub">Judge ${judged.judge}, criteria: ${judged.criteria}</p><p id="judged-summary">${judgedSummary(judged, a, b)}</p><div class="table-wrap"><table><thead><tr><th class="num">Row ${a}</th><th class="num">Row ${b}</th><th>Question</th><th>Better</th><th class="num">${b} win share</th></tr></thead><tbody>${judged.rows.map(
    (r) =>
      html`<tr data-row="${r.rowB}"><td class="num">${r.rowA}</td><td class="num">${r.rowB}</td><td class="text">${truncate(r.userInput ?? "", 160)}</td><td class="text">${judgedVerdict(r, a, b)}</td><td class="num">${formatScore(r.winShareB, 2)}</td></tr>`,
  )}</tbody></table></div></section>`;
}
