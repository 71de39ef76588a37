import type { MetricAggregate, RowMetricRecord } from "./types.js";

/**
 * Per-metric aggregates over records: mean, population std, min and max over ok rows with a finite
 * value; errors, skipped and ok-but-null rows counted apart. Metrics come out in `metrics` order, then
 * any others in first-seen order.
 *
 * @example
 * const [faith] = aggregateRecords(result.records, ["faithfulness"]);
 */
export function aggregateRecords(
  records: readonly RowMetricRecord[],
  metrics: readonly string[] = [],
): MetricAggregate[] {
  const order = [...metrics];
  for (const r of records) if (!order.includes(r.metric)) order.push(r.metric);
  return order.map((metric) => {
    const values: number[] = [];
    let errors = 0;
    let skipped = 0;
    let nulls = 0;
    for (const r of records) {
      if (r.metric !== metric) continue;
      const { status, value } = r.result;
      if (status === "error") errors++;
      else if (status === "skipped") skipped++;
      else if (typeof value === "number" && Number.isFinite(value)) values.push(value);
      else nulls++;
    }
    const count = values.length;
    if (count === 0)
      return { metric, mean: null, count, errors, skipped, nulls, std: null, min: null, max: null };
    const mean = values.reduce((a, b) => a + b, 0) / count;
    const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / count;
    return {
      metric,
      mean,
      count,
      errors,
      skipped,
      nulls,
      std: Math.sqrt(variance),
      min: values.reduce((a, b) => Math.min(a, b)),
      max: values.reduce((a, b) => Math.max(a, b)),
    };
  });
}
