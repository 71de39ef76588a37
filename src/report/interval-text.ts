// How reports write a mean's confidence interval: the cell, the column title, and the sentence saying how.
import type { MeanInterval } from "../math/mean-interval.js";
import type { MetricAggregate } from "../results/types.js";
import { formatScore } from "./format.js";

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
    if (interval.clusters !== undefined) parts.push(`clustered (${interval.clusters} clusters)`);
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
