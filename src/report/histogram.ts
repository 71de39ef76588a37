import { formatScore } from "./format.js";
import { html, type SafeHtml } from "./html-escape.js";

/** Bin counts of a set of values over a domain. */
export interface Histogram {
  /** Lower end of the domain. */
  lo: number;
  /** Upper end of the domain. */
  hi: number;
  /** Count per bin; bin i covers [lo + i·w, lo + (i+1)·w), the last bin includes `hi`. */
  counts: number[];
}

/**
 * The domain a metric's values are drawn over: [0, 1] when every value lies in it (most scores), else the
 * values' range widened to tenths (cosine similarity can be negative; counts can exceed 1).
 *
 * @example
 * histogramDomain([0.2, 0.9]); // { lo: 0, hi: 1 }
 * histogramDomain([-0.23, 0.8]); // { lo: -0.3, hi: 0.8 }
 */
export function histogramDomain(values: readonly number[]): { lo: number; hi: number } {
  const range = new ValueRange();
  for (const v of values) range.add(v);
  return range.domain();
}

/**
 * The smallest and largest of values given one at a time, and {@link histogramDomain} over them: the
 * same domain as `histogramDomain` of the values in the same order, in constant memory.
 *
 * @example
 * const range = new ValueRange();
 * range.add(-0.23); range.add(0.8);
 * range.domain(); // { lo: -0.3, hi: 0.8 }
 */
export class ValueRange {
  /** Values added. */
  count = 0;
  private min = Number.POSITIVE_INFINITY;
  private max = Number.NEGATIVE_INFINITY;

  add(v: number): void {
    this.count++;
    if (v < this.min) this.min = v;
    if (v > this.max) this.max = v;
  }

  /** The domain a histogram of the values is drawn over (see {@link histogramDomain}). */
  domain(): { lo: number; hi: number } {
    const { min, max } = this;
    if (this.count === 0) return { lo: 0, hi: 1 };
    if (min >= 0 && max <= 1) return { lo: 0, hi: 1 };
    let lo = Math.floor(min * 10 + 1e-9) / 10;
    let hi = Math.ceil(max * 10 - 1e-9) / 10;
    if (hi - lo < 1e-9) {
      lo -= 0.5;
      hi += 0.5;
    }
    return { lo, hi };
  }
}

/**
 * Counts finite values into `bins` equal bins over {@link histogramDomain}.
 *
 * @example
 * histogram([0, 0.05, 0.5, 1], 10).counts; // [2, 0, 0, 0, 0, 1, 0, 0, 0, 1]
 */
export function histogram(values: readonly number[], bins = 10): Histogram {
  const finite = values.filter((v) => Number.isFinite(v));
  const counter = new HistogramCounter(histogramDomain(finite), bins);
  for (const v of finite) counter.add(v);
  return counter.result();
}

/**
 * Bin counts over a domain known beforehand, one value at a time: equal to {@link histogram} of the same
 * finite values when the domain is their {@link histogramDomain}.
 *
 * @example
 * const counter = new HistogramCounter({ lo: 0, hi: 1 }, 10);
 * counter.add(0.5);
 * counter.result().counts; // [0, 0, 0, 0, 0, 1, 0, 0, 0, 0]
 */
export class HistogramCounter {
  private readonly counts: number[];

  constructor(
    private readonly domain: { lo: number; hi: number },
    bins = 10,
  ) {
    this.counts = new Array<number>(Math.max(1, Math.floor(bins))).fill(0);
  }

  add(v: number): void {
    const { lo, hi } = this.domain;
    const n = this.counts.length;
    const i = Math.min(n - 1, Math.max(0, Math.floor(((v - lo) / (hi - lo)) * n)));
    this.counts[i] = (this.counts[i] ?? 0) + 1;
  }

  result(): Histogram {
    return { lo: this.domain.lo, hi: this.domain.hi, counts: [...this.counts] };
  }
}

/** Inputs to {@link histogramSvg}. */
export interface HistogramSvgInput {
  /** Metric id, used in the chart's accessible label. */
  metric: string;
  /** The bin counts of the metric's numeric values (ok rows only), see {@link histogram}. */
  histogram: Histogram;
  /** How many values were counted. */
  count: number;
  /** Mean to mark with a dashed line; null draws none. */
  mean: number | null;
}

const W = 360;
const H = 170;
const M = { top: 24, right: 12, bottom: 30, left: 34 };

/**
 * Axis ticks at round values: the multiples of the smallest step among 1, 2 and 5 times a power of ten
 * that puts at most `maxTicks - 1` steps between `lo` and `hi`.
 *
 * @example
 * axisTicks(0, 1); // [0, 0.2, 0.4, 0.6, 0.8, 1]
 * axisTicks(-0.3, 0.8); // [-0.2, 0, 0.2, 0.4, 0.6, 0.8]
 */
export function axisTicks(lo: number, hi: number, maxTicks = 7): number[] {
  const span = hi - lo;
  if (!(span > 0) || !Number.isFinite(span)) return [lo];
  const raw = span / Math.max(1, maxTicks - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * power).find((s) => span / s <= maxTicks - 1 + 1e-9) ?? 10 * power;
  const ticks: number[] = [];
  for (let i = Math.ceil(lo / step - 1e-9); i * step <= hi + step * 1e-9; i++) {
    ticks.push(Number((i * step).toPrecision(12)));
  }
  return ticks;
}

/** Decimals that show every tick of a step exactly (0.2 → 1, 0.25 → 2, 5 → 0). */
function tickDigits(ticks: readonly number[]): number {
  let digits = 0;
  for (const t of ticks) {
    while (digits < 4 && Math.abs(Number(t.toFixed(digits)) - t) > 1e-9) digits++;
  }
  return digits;
}

/**
 * An inline SVG histogram of one metric's values, with axis labels at round values, a dashed mean line
 * with a legend naming it, and a `<title>` per bar. Renders an empty frame with a note when there are no values.
 *
 * @example
 * histogramSvg({ metric: "faithfulness", histogram: histogram([0.5, 1]), count: 2, mean: 0.75 }).value; // "<svg ..."
 */
export function histogramSvg(input: HistogramSvgInput): SafeHtml {
  const { lo, hi, counts } = input.histogram;
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const maxCount = Math.max(1, ...counts);
  const barW = plotW / counts.length;
  const x = (v: number) => M.left + ((v - lo) / (hi - lo)) * plotW;
  const y = (c: number) => M.top + plotH - (c / maxCount) * plotH;
  const n = input.count;
  const label = `Histogram of ${input.metric}: ${n} value${n === 1 ? "" : "s"} from ${formatScore(lo, 1)} to ${formatScore(hi, 1)}${input.mean === null ? "" : `, mean ${formatScore(input.mean)}`}`;

  const bars = counts.map((c, i) => {
    const from = lo + (i * (hi - lo)) / counts.length;
    const to = lo + ((i + 1) * (hi - lo)) / counts.length;
    const bx = (M.left + i * barW + 1).toFixed(1);
    const by = y(c).toFixed(1);
    const bh = (M.top + plotH - y(c)).toFixed(1);
    const title = `${formatScore(from, 2)} – ${formatScore(to, 2)}${i === counts.length - 1 ? "" : " (excl.)"}: ${c} row${c === 1 ? "" : "s"}`;
    return html`<rect class="bar" x="${bx}" y="${by}" width="${(barW - 2).toFixed(1)}" height="${bh}"><title>${title}</title></rect>`;
  });
  const ticks = axisTicks(lo, hi);
  const digits = tickDigits(ticks);
  const ticksX = ticks.map(
    (v) =>
      html`<line class="axis" x1="${x(v).toFixed(1)}" x2="${x(v).toFixed(1)}" y1="${M.top + plotH}" y2="${M.top + plotH + 4}"/><text class="tick" x="${x(v).toFixed(1)}" y="${H - 10}" text-anchor="middle">${formatScore(v, digits)}</text>`,
  );
  const ticksY = [0, maxCount].map(
    (c) =>
      html`<text class="tick" x="${M.left - 6}" y="${(y(c) + 4).toFixed(1)}" text-anchor="end">${c}</text>`,
  );
  const meanLine =
    input.mean !== null && Number.isFinite(input.mean)
      ? html`<line class="mean" x1="${x(input.mean).toFixed(1)}" x2="${x(input.mean).toFixed(1)}" y1="${M.top - 4}" y2="${M.top + plotH}"><title>mean ${formatScore(input.mean)}</title></line><g class="legend"><line class="mean" x1="${W - M.right - 92}" x2="${W - M.right - 72}" y1="10" y2="10"/><text class="tick" x="${W - M.right - 68}" y="14">mean ${formatScore(input.mean)}</text></g>`
      : null;
  const empty =
    n === 0
      ? html`<text class="empty" x="${M.left + plotW / 2}" y="${M.top + plotH / 2}" text-anchor="middle">no numeric values</text>`
      : null;
  return html`<svg class="histogram" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${label}"><title>${label}</title><line class="axis" x1="${M.left}" x2="${M.left + plotW}" y1="${M.top + plotH}" y2="${M.top + plotH}"/>${bars}${meanLine}${ticksX}${ticksY}${empty}</svg>`;
}
