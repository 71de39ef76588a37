// `report compare --fail-on-drop`: fail CI when the candidate run scores a metric lower than the baseline.
import { InvalidInputError } from "../errors.js";
import type { Comparison, MetricComparison } from "../report/compare.js";
import { formatLevel } from "../report/interval-text.js";
import { formatRowList } from "../results/problem-groups.js";
import { parseMetricGate } from "./fail-under.js";
import { metricRange } from "./metric-factory.js";

/** One `--fail-on-drop metric=delta` limit; `metric` is `*` for every metric of the baseline run. */
export interface DropLimit {
  metric: string;
  /** The largest drop of the paired mean allowed (0 or more). */
  maxDrop: number;
  /**
   * `metric=delta:significant`: fail only when the drop is past the limit and also significant at the comparison's
   * confidence level (the paired permutation test's p-value below 1 − level). Defaults to false.
   */
  significant?: boolean;
}

/** The suffix of the significant form of a limit. */
const SIGNIFICANT = ":significant";

/** What {@link checkDrops} found: a line per gated metric, and the failed ones. */
export interface DropCheck {
  /** One line per gated metric, passed or failed, in the baseline's metric order. */
  lines: string[];
  /** The lines of the gates that failed. */
  failures: string[];
}

/** Parses `faithfulness=0.02`, `*=0.02`, or either with `:significant` after it. */
export function parseFailOnDrop(text: string): DropLimit {
  const trimmed = text.trim();
  const significant = trimmed.endsWith(SIGNIFICANT);
  const gate = significant ? trimmed.slice(0, -SIGNIFICANT.length) : trimmed;
  const { metric, value } = parseMetricGate(
    gate,
    "faithfulness=0.02, '*=0.02' or faithfulness=0.02:significant",
    {
      all: true,
      negative: false,
    },
  );
  return significant ? { metric, maxDrop: value, significant } : { metric, maxDrop: value };
}

/**
 * Refuses a limit no drop can pass: past the width of the metric's value range (e.g. 2 for a metric in [0, 1]), or
 * not a finite number (400 digits read as Infinity), the gate could never fail.
 */
function checkLimitCanFail(metric: string, maxDrop: number): void {
  const range = metricRange(metric);
  if (!Number.isFinite(maxDrop)) {
    throw new InvalidInputError(
      `--fail-on-drop ${metric}=${maxDrop}: the limit is not a finite number, so the gate could never fail; give a limit${range === undefined ? "" : ` from 0 to ${range[1] - range[0]}`}`,
    );
  }
  if (range === undefined) return;
  const widest = range[1] - range[0];
  if (maxDrop > widest) {
    throw new InvalidInputError(
      `--fail-on-drop ${metric}=${maxDrop}: ${metric} lies in [${range[0]}, ${range[1]}], so no drop exceeds ${widest} and the gate could never fail; give a limit from 0 to ${widest}`,
    );
  }
}

/** Tolerance for floating-point noise in a mean of differences: a drop must exceed the limit by more. */
const noise = 1e-12;

/**
 * The limit of each gated metric: a named one for its metric, `*` for every other metric of the baseline run
 * (run a). Throws {@link InvalidInputError} (bad usage) for a metric named twice, or named but not in the
 * baseline run.
 */
export function dropLimits(comparison: Comparison, limits: readonly DropLimit[]): Map<string, DropLimit> {
  const baseline = comparison.metrics.filter((m) => m.a !== null).map((m) => m.metric);
  const out = new Map<string, DropLimit>();
  const named = limits.filter((l) => l.metric !== "*");
  for (const limit of named) {
    if (out.has(limit.metric)) {
      throw new InvalidInputError(`--fail-on-drop names ${limit.metric} twice; give each metric one limit`);
    }
    if (!baseline.includes(limit.metric)) {
      throw new InvalidInputError(
        `--fail-on-drop ${limit.metric}=${limit.maxDrop}: the baseline run (${comparison.labels.a}) has no metric ${limit.metric}; it has ${baseline.join(", ") || "none"}`,
      );
    }
    out.set(limit.metric, limit);
  }
  const all = limits.filter((l) => l.metric === "*");
  if (all.length > 1) throw new InvalidInputError("--fail-on-drop '*=...' is given twice; give it once");
  const every = all[0];
  if (every !== undefined)
    for (const metric of baseline) if (!out.has(metric)) out.set(metric, { ...every, metric });
  for (const [metric, limit] of out) checkLimitCanFail(metric, limit.maxDrop);
  // In the baseline's metric order.
  return new Map(baseline.filter((m) => out.has(m)).map((m) => [m, out.get(m)!]));
}

/**
 * Checks each gated metric of a comparison. What is compared is the metric's **paired mean delta**: over the
 * rows present in both runs that the metric scored (status ok, with a number) in both, the mean of b minus a.
 * Rows only in one run, and rows without a score in either run, are left out of that mean; a gate fails when
 * the paired mean fell by more than its limit, when the candidate run (b) lacks the metric, or when no row has a
 * score in both runs. Each line says which gate, the delta, over how many rows, and the paired rows that lost
 * their score in b (they are not in the mean: gate them with `eval --max-unscored`).
 *
 * @example
 * const { failures } = checkDrops(comparison, [{ metric: "*", maxDrop: 0.02 }]);
 */
export function checkDrops(comparison: Comparison, limits: readonly DropLimit[]): DropCheck {
  const lines: string[] = [];
  const failures: string[] = [];
  const { a: A, b: B } = comparison.labels;
  for (const [metric, limit] of dropLimits(comparison, limits)) {
    const { maxDrop } = limit;
    const m = comparison.metrics.find((x) => x.metric === metric)!;
    const gate = `--fail-on-drop ${metric}=${maxDrop}${limit.significant ? SIGNIFICANT : ""}`;
    let line: string;
    let failed = true;
    if (m.b === null) {
      line = `${gate} failed: ${B} has no ${metric} (${A} scored it ${m.a!.count} times)`;
    } else if (m.pairedMeanDelta === null) {
      line = `${gate} failed: no row present in both runs has a ${metric} score in both, so nothing can be compared`;
    } else {
      const delta = m.pairedMeanDelta;
      const pastLimit = delta < -maxDrop - noise;
      const significant = m.difference?.significant === true;
      failed = pastLimit && (limit.significant !== true || significant);
      const over = `over ${m.pairedCount} paired row${m.pairedCount === 1 ? "" : "s"}`;
      const means = `mean ${fixed(pairedMean(comparison, metric, "a"))} → ${fixed(pairedMean(comparison, metric, "b"))}`;
      const noiseCheck = significanceWords(m);
      if (failed) {
        line =
          `${gate} failed: ${metric} fell by ${fixed(-delta)} (paired mean delta ${signed(delta)} ${over}, ${means}), ` +
          `${fixed(-delta - maxDrop)} more than the allowed ${maxDrop}; ${noiseCheck}`;
      } else if (pastLimit) {
        line =
          `${gate} passed: ${metric} fell by ${fixed(-delta)} (${over}, ${means}), more than the allowed ${maxDrop}, ` +
          `but ${noiseCheck}, so the drop may be noise`;
      } else {
        line = `${gate} passed: ${metric} paired mean delta ${signed(delta)} ${over} (${means}); allowed drop ${maxDrop}; ${noiseCheck}`;
      }
    }
    const lost = lostScores(comparison, m);
    if (lost.length > 0) {
      line += `; ${lost.length} paired row${lost.length === 1 ? "" : "s"} scored in ${A} ${lost.length === 1 ? "has" : "have"} no score in ${B} and ${lost.length === 1 ? "is" : "are"} not in the mean (${A} ${formatRowList(lost)})`;
    }
    lines.push(line);
    if (failed) failures.push(line);
  }
  const unpaired = comparison.onlyInA.length + comparison.onlyInB.length;
  if (lines.length > 0 && unpaired > 0) {
    lines.push(
      `--fail-on-drop compares paired rows only: ${comparison.onlyInA.length} row(s) only in ${A} and ${comparison.onlyInB.length} only in ${B} are left out`,
    );
  }
  return { lines, failures };
}

/** Whether the paired difference is significant, in words: level, p-value and interval. */
function significanceWords(m: MetricComparison): string {
  const d = m.difference;
  if (d === null || d.pValue === null) return "no test: no paired rows";
  const level = d.interval?.level ?? 0.95;
  const percent = formatLevel(level);
  const interval = d.interval
    ? `, ${percent} interval ${signed(d.interval.low)} to ${signed(d.interval.high)}`
    : "";
  const p = d.pValue < 0.0001 ? "p < 0.0001" : `p = ${d.pValue.toFixed(4)}`;
  return `the difference is ${d.significant ? "" : "not "}significant at ${percent} (${p}${interval})`;
}

/** The mean of one side over the rows the paired mean delta covers. */
function pairedMean(comparison: Comparison, metric: string, side: "a" | "b"): number {
  const cells = comparison.rows
    .map((r) => r.metrics[metric])
    .filter((c) => c !== undefined && c.delta !== null);
  return cells.reduce((s, c) => s + (c![side] as number), 0) / cells.length;
}

/** Rows (of run a) scored in a whose paired row has no score in b. */
function lostScores(comparison: Comparison, m: MetricComparison): number[] {
  return comparison.rows
    .filter((r) => {
      const c = r.metrics[m.metric];
      return (
        c?.statusA === "ok" && typeof c.a === "number" && (c.statusB !== "ok" || typeof c.b !== "number")
      );
    })
    .map((r) => r.rowA);
}

function fixed(value: number): string {
  return value.toFixed(4);
}

function signed(value: number): string {
  return `${value >= 0 ? "+" : ""}${value.toFixed(4)}`;
}
