// The whisker of a mean in the HTML report: its confidence interval as a line, the mean as a dot.
import type { MeanInterval } from "../math/mean-interval.js";
import { formatScore } from "./format.js";
import { html, type SafeHtml } from "./html-escape.js";
import { formatInterval, formatLevel } from "./interval-text.js";

const W = 120;
const H = 16;
const PAD = 4;

/**
 * An inline SVG of a mean and its interval on the metric's domain (`lo` at the left end, `hi` at the right),
 * titled with the figures; an empty string when there is no interval.
 *
 * @example
 * whiskerSvg(0.73, { low: 0.68, high: 0.78, level: 0.95, method: "bootstrap" }, { lo: 0, hi: 1 });
 */
export function whiskerSvg(
  mean: number | null,
  interval: MeanInterval | undefined,
  domain: { lo: number; hi: number },
): SafeHtml | string {
  if (interval === undefined || mean === null) return "";
  const span = domain.hi - domain.lo || 1;
  const x = (v: number) =>
    PAD + ((Math.min(domain.hi, Math.max(domain.lo, v)) - domain.lo) / span) * (W - 2 * PAD);
  const [x1, x2, xm] = [x(interval.low), x(interval.high), x(mean)].map((v) => v.toFixed(1));
  const label = `mean ${formatScore(mean)}, ${formatLevel(interval.level)} interval ${formatInterval(interval)} on [${formatScore(domain.lo)}, ${formatScore(domain.hi)}]`;
  const mid = H / 2;
  return html`<svg class="whisker" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${label}"><title>${label}</title><line class="track" x1="${PAD}" x2="${W - PAD}" y1="${mid}" y2="${mid}"/><line class="ci" x1="${x1}" x2="${x2}" y1="${mid}" y2="${mid}"/><line class="ci" x1="${x1}" x2="${x1}" y1="${mid - 4}" y2="${mid + 4}"/><line class="ci" x1="${x2}" x2="${x2}" y1="${mid - 4}" y2="${mid + 4}"/><circle class="dot" cx="${xm}" cy="${mid}" r="3"/></svg>`;
}
