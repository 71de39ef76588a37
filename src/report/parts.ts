import type { Sample } from "../metrics/types.js";
import type { EvaluationResultData, MetricAggregate, ProblemGroup, RunMetadata } from "../results/types.js";
import { type Histogram, HistogramCounter, ValueRange } from "./histogram.js";
import {
  aggregatedView,
  type DetailedMetricCell,
  detailedView,
  problemGroups,
  type ReportInput,
  type ReportRow,
  reportData,
} from "./views.js";

/** A metric's histogram and how many values it counts. */
export interface CountedHistogram {
  histogram: Histogram;
  count: number;
}

/**
 * What the JSON (detailed and aggregated views), CSV, Markdown and HTML exporters read from a run: the
 * run's facts and aggregates, and its rows one at a time. {@link reportPartsOf} makes it from a result
 * in memory; a report written from a results file makes it from the file, holding no records, so both
 * give the same bytes.
 */
export interface ReportParts {
  metadata: RunMetadata | undefined;
  invalidRows: EvaluationResultData["invalidRows"];
  /** Metric ids in report order (`metricIds`). */
  metrics: string[];
  /** One aggregate per metric id, in `metrics` order (`aggregatedView`). */
  aggregates: MetricAggregate[];
  /** Rows with at least one record. */
  rowCount: number;
  /** Error and skip reasons with their rows (`problemGroups`). */
  problems: ProblemGroup[];
  /** Sample fields that some row has (a value other than undefined). */
  sampleFields: ReadonlySet<keyof Sample>;
  /** Per metric id, the domain of its ok finite values (`histogramDomain`). */
  domains: Record<string, { lo: number; hi: number }>;
  /** Per metric id, the histogram of its ok finite values over its domain, with `bins` bins. */
  histograms(bins: number): Map<string, CountedHistogram>;
  /** The rows in row order, each once; the iteration may stop early. */
  rows(): Iterable<ReportRow>;
}

/** True when a cell counts in a metric's histogram: ok, with a finite number. */
export function isHistogramValue(cell: DetailedMetricCell | undefined): cell is DetailedMetricCell & {
  value: number;
} {
  return cell?.status === "ok" && typeof cell.value === "number" && Number.isFinite(cell.value);
}

/**
 * The {@link ReportParts} of a result in memory.
 *
 * @example
 * const parts = reportPartsOf(result);
 * for (const row of parts.rows()) console.log(row.row);
 */
export function reportPartsOf(input: ReportInput): ReportParts {
  const data = reportData(input);
  const view = detailedView(data);
  const sampleFields = new Set<keyof Sample>();
  const ranges = new Map(view.metrics.map((m) => [m, new ValueRange()]));
  for (const row of view.rows) {
    for (const [key, value] of Object.entries(row.sample)) {
      if (value !== undefined) sampleFields.add(key as keyof Sample);
    }
    for (const [metric, range] of ranges) {
      const cell = row.metrics[metric];
      if (isHistogramValue(cell)) range.add(cell.value);
    }
  }
  const domains = Object.fromEntries([...ranges].map(([m, range]) => [m, range.domain()]));
  return {
    metadata: data.metadata,
    invalidRows: data.invalidRows,
    metrics: view.metrics,
    aggregates: aggregatedView(data),
    rowCount: view.rows.length,
    problems: problemGroups(data),
    sampleFields,
    domains,
    histograms: (bins) => histogramsOf(view.rows, domains, bins),
    rows: () => view.rows,
  };
}

/**
 * Per metric of `domains`, the histogram of the rows' ok finite values: one pass over the rows.
 *
 * @example
 * histogramsOf(parts.rows(), parts.domains, 10).get("faithfulness")?.count;
 */
export function histogramsOf(
  rows: Iterable<ReportRow>,
  domains: Record<string, { lo: number; hi: number }>,
  bins: number,
): Map<string, CountedHistogram> {
  const counters = new Map(
    Object.entries(domains).map(([m, domain]) => [m, { counter: new HistogramCounter(domain, bins), n: 0 }]),
  );
  for (const row of rows) {
    for (const [metric, entry] of counters) {
      const cell = row.metrics[metric];
      if (!isHistogramValue(cell)) continue;
      entry.counter.add(cell.value);
      entry.n++;
    }
  }
  return new Map([...counters].map(([m, { counter, n }]) => [m, { histogram: counter.result(), count: n }]));
}
