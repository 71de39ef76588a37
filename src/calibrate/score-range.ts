import type { LabelKind } from "../datasets/converters/types.js";
import { InvalidInputError } from "../errors.js";
import { findMetricDescriptor } from "../metrics/catalog.js";
import type { MetricDescriptor } from "../metrics/descriptor.js";
import type { Metric } from "../metrics/types.js";

/** The interval a judge's scores lie in. */
export interface ScoreRange {
  min: number;
  max: number;
}

function isRange(value: unknown): value is ScoreRange {
  if (typeof value !== "object" || value === null) return false;
  const { min, max } = value as Record<string, unknown>;
  return typeof min === "number" && typeof max === "number" && Number.isFinite(min) && min < max;
}

/**
 * The score range of a metric: its descriptor's `valueRange` (found on the metric's class, or in the catalog by
 * name; `[0, 1]` when the descriptor gives none). When the descriptor says null (the user's scale), the scale is
 * read from the metric: a rubric's levels (`levels`, lowest and highest score) or a custom judge's `scale`.
 * Undefined when none of these is known.
 *
 * @example
 * metricScoreRange(new RubricsScore({ llm })); // { min: 1, max: 5 }
 */
export function metricScoreRange(metric: Metric): ScoreRange | undefined {
  const fromClass = (metric.constructor as { descriptor?: MetricDescriptor }).descriptor;
  const descriptor = fromClass ?? findMetricDescriptor(metric.name);
  if (descriptor === undefined) return userScale(metric);
  return rangeOfDescriptor(descriptor) ?? userScale(metric);
}

/** A descriptor's `valueRange` as a range (`[0, 1]` when it gives none); null for the user's scale. */
function rangeOfDescriptor(descriptor: MetricDescriptor): ScoreRange | null {
  const range = descriptor.valueRange;
  if (range === undefined) return { min: 0, max: 1 };
  return range === null ? null : { min: range[0], max: range[1] };
}

function userScale(metric: Metric): ScoreRange | undefined {
  const { levels, scale } = metric as unknown as { levels?: unknown; scale?: unknown };
  if (Array.isArray(levels)) {
    const scores = levels
      .map((l: unknown) => (l as { score?: unknown }).score)
      .filter((s): s is number => typeof s === "number" && Number.isFinite(s));
    if (scores.length >= 2) return { min: Math.min(...scores), max: Math.max(...scores) };
  }
  return isRange(scale) ? { min: scale.min, max: scale.max } : undefined;
}

/**
 * The default verdict threshold on a score range: 0.5 when the range holds it and ends at 1 or below (a
 * [0, 1] or [-1, 1] score), else the range's midpoint (3 on a 1-5 rubric).
 */
export function defaultThreshold(range: ScoreRange): number {
  return range.min <= 0.5 && range.max <= 1 ? 0.5 : (range.min + range.max) / 2;
}

/**
 * The score range and threshold of one calibration: the range given, or the metric's; the threshold given (refused
 * outside the range when the labels are binary), or the range's default.
 */
export function resolveScale(
  metric: Metric,
  labels: LabelKind,
  given: { scoreRange?: ScoreRange; threshold?: number },
): { range: ScoreRange; threshold: number; warnings: string[] } {
  const warnings: string[] = [];
  let range = given.scoreRange ?? metricScoreRange(metric);
  if (range === undefined) {
    range = { min: 0, max: 1 };
    warnings.push(
      `the score range of ${metric.name} is not known (its descriptor leaves it to the user's scale and the metric names none); 0 to 1 is assumed: give scoreRange if its scores lie elsewhere`,
    );
  } else if (!isRange(range)) {
    throw new InvalidInputError(`scoreRange ${JSON.stringify(range)} must have finite min < max`, {
      field: "scoreRange",
    });
  }
  const threshold = given.threshold ?? defaultThreshold(range);
  checkThreshold(threshold, range, labels, metric.name);
  return { range, threshold, warnings };
}

/**
 * Throws `InvalidInputError` when verdicts are read (binary or statement labels) at a threshold outside the score
 * range, where every verdict would be the same. The CLI calls it before any model loads, for a metric whose range
 * its descriptor gives.
 *
 * @example
 * checkThreshold(2, { min: 0, max: 1 }, { kind: "binary" }, "faithfulness"); // throws, naming --threshold
 */
export function checkThreshold(
  threshold: number,
  range: ScoreRange,
  labels: Pick<LabelKind, "kind">,
  metricName: string,
): void {
  const verdicts = labels.kind === "binary" || labels.kind === "statements";
  if (verdicts && (!Number.isFinite(threshold) || threshold < range.min || threshold > range.max)) {
    throw new InvalidInputError(
      `threshold ${threshold} lies outside the score range of ${metricName} (${range.min} to ${range.max}), so every verdict would be the same; give a threshold from ${range.min} to ${range.max} (CLI: --threshold)`,
      { field: "threshold" },
    );
  }
}

/**
 * The score range a built-in metric's descriptor gives (`[0, 1]` when it gives none); undefined for an unknown id
 * or a metric on the user's scale, whose range is known only from its definition.
 *
 * @example
 * descriptorScoreRange("faithfulness"); // { min: 0, max: 1 }
 */
export function descriptorScoreRange(id: string): ScoreRange | undefined {
  const descriptor = findMetricDescriptor(id);
  return (descriptor !== undefined ? rangeOfDescriptor(descriptor) : null) ?? undefined;
}

/**
 * Warnings when a judge's scores and the labels cannot meet: scores outside the range the threshold and scaling
 * assume, or (binary labels) every score on one side of the threshold, so every verdict is the same.
 */
export function scaleWarnings(
  judge: string,
  labels: LabelKind,
  scored: readonly { row: number; score: number }[],
  range: ScoreRange,
  threshold: number,
): string[] {
  const warnings: string[] = [];
  if (labels.kind === "pairwise" || scored.length === 0) return warnings;
  const outside = scored.filter((s) => s.score < range.min || s.score > range.max);
  if (outside.length > 0) {
    const first = outside
      .slice(0, 3)
      .map((s) => `row ${s.row}: ${s.score}`)
      .join(", ");
    warnings.push(
      `${judge}: ${outside.length} score(s) lie outside the score range ${range.min} to ${range.max} (${first}); the threshold and scaling assume that range: give the metric's real range (scoreRange)`,
    );
  }
  if (labels.kind === "binary" || labels.kind === "statements") {
    const yes = scored.filter((s) => s.score >= threshold).length;
    if (scored.length >= 2 && (yes === 0 || yes === scored.length)) {
      warnings.push(
        `${judge}: every one of ${scored.length} scores is ${yes === 0 ? "below" : "at or above"} the threshold ${threshold} (score range ${range.min} to ${range.max}), so every verdict is "${yes === 0 ? "no" : "yes"}" and the agreement figures say nothing; try a threshold inside the scores' spread (see the best-separating threshold)`,
      );
    }
  }
  return warnings;
}
