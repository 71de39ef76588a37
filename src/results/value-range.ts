// The interval a metric's values lie in, read from its configuration: the results-file checks refuse values outside
// it, and the aggregates clip each mean's confidence interval to it.
import { findMetricDescriptor } from "../metrics/catalog.js";
import type { MetricConfig } from "../metrics/types.js";

/** Each metric's possible range by metric id, e.g. `{ tone: [1, 5] }`; undefined for a range not known. */
export type ValueRanges = Readonly<Record<string, readonly [number, number] | undefined>>;

/** `value` when it is a finite number, else undefined. */
export function finiteNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** The levels' scores of a recorded rubric (`"1: ...\n5: ..."`), lowest and highest. */
function rubricRange(rubric: unknown): readonly [number, number] | undefined {
  if (typeof rubric !== "string") return undefined;
  const scores = [...rubric.matchAll(/^(-?\d+(?:\.\d+)?):/gm)].map((m) => Number(m[1]));
  if (scores.length === 0 || !scores.every(Number.isFinite)) return undefined;
  return [Math.min(...scores), Math.max(...scores)];
}

/**
 * The interval a recorded metric's values lie in, from its configuration in a results header: the
 * descriptor's `valueRange` for a built-in kind, the user's scale (`scaleMin`/`scaleMax`) or rubric
 * levels for a judge on a user's scale; undefined when not known (any finite value is accepted).
 *
 * @example
 * recordedValueRange(header.metadata.metrics.faithfulness); // [0, 1]
 */
export function recordedValueRange(config: MetricConfig | undefined): readonly [number, number] | undefined {
  if (config === undefined) return undefined;
  const options = config.options ?? {};
  const kind = typeof options.kind === "string" ? options.kind : config.name;
  const descriptor = findMetricDescriptor(kind);
  if (descriptor === undefined) return undefined;
  const stated = builtInValueRange(kind);
  if (stated !== undefined) return stated;
  const min = finiteNumber(options.scaleMin);
  const max = finiteNumber(options.scaleMax);
  if (min !== undefined && max !== undefined && min <= max) return [min, max];
  return rubricRange(options.rubric);
}

/**
 * The range a built-in metric's descriptor states for `id` (`[0, 1]` when it states none); undefined for an id
 * that is not built in, or a metric on the user's scale.
 *
 * @example
 * builtInValueRange("semantic_similarity"); // [-1, 1]
 */
export function builtInValueRange(id: string): readonly [number, number] | undefined {
  const descriptor = findMetricDescriptor(id);
  if (descriptor === undefined || descriptor.valueRange === null) return undefined;
  return descriptor.valueRange ?? [0, 1];
}

/**
 * `intervals` with each recorded metric's range ({@link recordedValueRange}) as its `valueRanges`, so every
 * mean's interval is clipped to the range its metric's configuration states; ranges `intervals` gives win.
 *
 * @example
 * aggregateRecords(records, names, withValueRanges(options.intervals, metadata.metrics));
 */
export function withValueRanges<T extends { valueRanges?: ValueRanges }>(
  intervals: T | undefined,
  metrics: ReadonlyMap<string, MetricConfig> | Readonly<Record<string, MetricConfig>>,
): Partial<T> & { valueRanges: ValueRanges } {
  const entries = metrics instanceof Map ? [...metrics] : Object.entries(metrics);
  const recorded = Object.fromEntries(entries.map(([id, c]) => [id, recordedValueRange(c)]));
  const given: Partial<T> = intervals ?? {};
  return { ...given, valueRanges: { ...recorded, ...intervals?.valueRanges } };
}
