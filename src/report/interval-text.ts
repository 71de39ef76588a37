// How reports write a mean's confidence interval: the cell, the column title, and the sentence saying how.
import type { MeanInterval } from "../math/mean-interval.js";
import type { PairedDifference } from "../math/paired-difference.js";
import type { MetricAggregate } from "../results/types.js";
import { formatDelta, formatScore } from "./format.js";

/**
 * An interval as a cell: `0.701–0.768`, or `-` when there is none (fewer than two scored rows).
 *
 * @example
 * formatInterval({ low: 0.7012, high: 0.7681, level: 0.95, method: "bootstrap" }); // "0.701–0.768"
 */
export function formatInterval(interval: MeanInterval | undefined | null, digits = 3): string {
  if (interval == null) return "-";
  return `${formatScore(interval.low, digits)}–${formatScore(interval.high, digits)}`;
}

/** A level as a percentage: 0.95 → "95%", 0.999 → "99.9%". */
export function formatLevel(level: number): string {
  return `${Number((level * 100).toFixed(6))}%`;
}

/**
 * The title of the interval column: `95% interval` when every interval has that level (or none has one), else
 * `interval` (each cell's level is then in the note).
 *
 * @example
 * intervalTitle(aggregates); // "95% interval"
 */
export function intervalTitle(aggregates: readonly Pick<MetricAggregate, "interval">[]): string {
  const levels = new Set(aggregates.flatMap((a) => (a.interval ? [a.interval.level] : [])));
  if (levels.size > 1) return "interval";
  return `${formatLevel([...levels][0] ?? 0.95)} interval`;
}

const methodWords: Record<MeanInterval["method"], string> = {
  wilson: "Wilson score interval (0/1 scores)",
  t: "Student t interval",
  bootstrap: "percentile bootstrap",
};

/**
 * One sentence saying how the intervals were made, per metric group: method, level, clusters, resamples and
 * seed; empty when no aggregate has an interval.
 *
 * @example
 * intervalNote(aggregates);
 * // "Intervals: faithfulness: percentile bootstrap, 1000 resamples, seed 20240601; exact_match: Wilson score interval (0/1 scores)."
 */
export function intervalNote(aggregates: readonly Pick<MetricAggregate, "metric" | "interval">[]): string {
  const byHow = new Map<string, string[]>();
  const levels = new Set(aggregates.flatMap((a) => (a.interval ? [a.interval.level] : [])));
  for (const { metric, interval } of aggregates) {
    if (interval === undefined) continue;
    const parts = [methodWords[interval.method]];
    if (levels.size > 1) parts.push(formatLevel(interval.level));
    if (interval.clusters !== undefined) parts.push(clusteredWords(interval));
    if (interval.method === "bootstrap") parts.push(`${interval.resamples} resamples, seed ${interval.seed}`);
    const how = parts.join(", ");
    byHow.set(how, [...(byHow.get(how) ?? []), metric]);
  }
  if (byHow.size === 0) return "";
  const groups = [...byHow].map(([how, metrics]) =>
    byHow.size === 1 ? how : `${metrics.join(", ")}: ${how}`,
  );
  return `Intervals of the mean over scored rows: ${groups.join("; ")}.`;
}

/** `clustered by reference_contexts (12 clusters)`, or `clustered (12 clusters)` when the column is not known. */
function clusteredWords(interval: MeanInterval): string {
  const by = interval.clusteredBy !== undefined ? ` by ${interval.clusteredBy}` : "";
  return `clustered${by} (${interval.clusters} clusters)`;
}

/**
 * A p-value for people: three decimals, `<0.001` below that, `-` when there is none.
 *
 * @example
 * formatPValue(0.0312); // "0.031"
 */
export function formatPValue(p: number | null | undefined): string {
  if (typeof p !== "number") return "-";
  return p < 0.001 ? "<0.001" : p.toFixed(3);
}

/** What a comparison's difference columns need of each metric. */
interface DifferenceFigures {
  metric: string;
  difference: PairedDifference | null;
  detectable: number | null;
  rowsToDetect?: number | null;
  detect?: number;
}

/**
 * The cells of a compared metric's paired difference: its interval, the p-value, the verdict (`yes` / `no`) and the
 * smallest detectable difference, followed by the rows needed to detect the `detect` difference when one was given
 * (`0.056 (126)`; see {@link detectableTitle}).
 *
 * @example
 * const [interval, p, significant, detectable] = differenceCells(metricComparison);
 */
export function differenceCells(m: DifferenceFigures): [string, string, string, string] {
  const d = m.difference;
  return [
    d?.interval ? formatSignedInterval(d.interval) : "-",
    formatPValue(d?.pValue),
    d === null || d.pValue === null ? "-" : d.significant ? "yes" : "no",
    m.detectable === null
      ? "-"
      : formatScore(m.detectable) + (m.detect === undefined ? "" : ` (${m.rowsToDetect ?? "-"})`),
  ];
}

/**
 * The title of a comparison's detectable-difference column: `Detectable`, or `Detectable (rows for 0.05)` when the
 * rows needed to detect a given difference follow each figure.
 */
export function detectableTitle(comparison: { metrics: readonly DifferenceFigures[] }): string {
  const detect = comparison.metrics.find((m) => m.detect !== undefined)?.detect;
  return detect === undefined ? "Detectable" : `Detectable (rows for ${detect})`;
}

function formatSignedInterval(interval: MeanInterval): string {
  return `${formatDelta(interval.low)} to ${formatDelta(interval.high)}`;
}

/**
 * The sentence under a comparison's table: how the paired intervals, the p-values, the verdicts and the detectable
 * differences were made; empty when no metric has a paired difference.
 */
export function differenceNote(metrics: readonly DifferenceFigures[], power = 0.8): string {
  const first = metrics.find((m) => m.difference !== null)?.difference;
  if (first == null) return "";
  const interval = metrics.find((m) => m.difference?.interval)?.difference?.interval ?? null;
  const byHow = new Map<string, string[]>();
  for (const m of metrics) {
    const i = m.difference?.interval;
    if (i == null) continue;
    const how =
      i.method === "bootstrap"
        ? `paired bootstrap, ${i.resamples} resamples, seed ${i.seed}`
        : "Student t on the paired deltas";
    byHow.set(how, [...(byHow.get(how) ?? []), m.metric]);
  }
  const how = [...byHow]
    .map(([words, named]) => (byHow.size === 1 ? words : `${words} for ${named.join(", ")}`))
    .join("; ");
  const clustered = metrics.find((m) => m.difference?.interval?.clusters !== undefined)?.difference?.interval;
  const clusters =
    clustered == null
      ? ""
      : `, clusters${clustered.clusteredBy !== undefined ? ` (equal ${clustered.clusteredBy})` : ""} resampled and sign-flipped whole`;
  const level = interval?.level ?? 0.95;
  const detect = metrics.find((m) => m.detect !== undefined)?.detect;
  const tests = new Set(metrics.flatMap((m) => (m.difference ? [m.difference.test] : [])));
  const drawn = metrics.find((m) => m.difference?.test === "monte-carlo")?.difference?.permutations;
  const test = [...tests].map((t) =>
    t === "exact" ? "exact (every sign flip)" : `${drawn} random sign flips`,
  );
  return (
    `Paired delta interval (${formatLevel(level)}): ${how}${clusters}. p: paired permutation test of no difference, ${test.join(" or ")}; ` +
    `significant when p < ${Number((1 - level).toFixed(6))}. Detectable: the smallest true paired difference these rows detect at that level with ${formatLevel(power)} power` +
    (detect === undefined
      ? "."
      : `; in brackets, the paired rows needed to detect a difference of ${detect} the same way.`)
  );
}

/** The title of a comparison's paired-delta interval column: `95% interval of delta`. */
export function differenceTitle(comparison: { metrics: readonly DifferenceFigures[] }): string {
  const level = comparison.metrics.find((m) => m.difference?.interval)?.difference?.interval?.level ?? 0.95;
  return `${formatLevel(level)} interval of delta`;
}
