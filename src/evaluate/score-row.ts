import type { Cache } from "../cache/cache.js";
import { cacheKey, cacheNamespaces } from "../cache/keys.js";
import { missingFields } from "../dataset/required.js";
import type { BadCell } from "../dataset/types.js";
import type { Metric, MetricResult, Sample } from "../metrics/types.js";
import { errorRow } from "../util/error-row.js";
import { version } from "../version.js";
import type { MetricEntry } from "./plan.js";

/** Scores one row with one metric; never throws for the metric's own failure. */
export type RowScorer = (sample: Sample, rowHash: string) => Promise<MetricResult>;

/** Scores one row of a dataset, whose unreadable cells (see `DatasetSample.badCells`) are given. */
export type DatasetRowScorer = (
  sample: Sample,
  rowHash: string,
  badCells?: readonly BadCell[],
) => Promise<MetricResult>;

function normalizeResult(result: unknown, metric: string): MetricResult {
  if (result === null || typeof result !== "object") {
    return { value: null, status: "error", error: `${metric} returned no result` };
  }
  const r = result as MetricResult;
  if (r.status !== "ok" && r.status !== "error" && r.status !== "skipped") {
    return {
      value: null,
      status: "error",
      error: `${metric} returned an unknown status ${String(r.status)}`,
    };
  }
  const value = typeof r.value === "number" ? r.value : null;
  return { ...r, value };
}

/**
 * A metric as `evaluate()` calls it: a row whose cell of a field the metric needs could not be read is
 * an error naming the cell, a row lacking such a field is `skipped` (neither looked up in the cache), a result of another shape becomes an error, a throw becomes an error row,
 * and with a cache a cacheable metric's results go through {@link withResultCache}.
 *
 * @example
 * const score = rowScorer(entry, cache);
 * const result = await score(sample, rowHash);
 */
export function rowScorer(entry: MetricEntry, cache: Cache | undefined): DatasetRowScorer {
  const metric = entry.metric;
  const scoreMetric: RowScorer = async (sample) => {
    try {
      return normalizeResult(await metric.score(sample), metric.name);
    } catch (err) {
      return errorRow(err);
    }
  };
  const compute =
    cache && entry.cacheable ? withResultCache(scoreMetric, cache, entry.configHash) : scoreMetric;
  return async (sample, rowHash, badCells) =>
    resultWithoutScoring(metric, sample, badCells) ?? compute(sample, rowHash);
}

/**
 * The result of a row the metric is not called on: an error naming its unreadable cells of fields the metric needs,
 * or `skipped` for a missing field; undefined when the metric scores the row.
 */
function resultWithoutScoring(
  metric: Metric,
  sample: Sample,
  badCells: readonly BadCell[] | undefined,
): MetricResult | undefined {
  const bad = badCells?.filter((cell) => metric.requiredFields.includes(cell.sampleField));
  if (bad !== undefined && bad.length > 0) return unreadableCellsResult(bad, metric.name);
  const missing = missingFields(sample, metric);
  if (missing.length === 0) return undefined;
  return {
    value: null,
    status: "skipped",
    reason: `row has no ${missing.join(", ")}, which ${metric.name} needs`,
  };
}

/**
 * Whether the run will call the entry's metric on this row: its fields are there and readable, and the result
 * cache (when on, for a cacheable metric) does not hold the row's result.
 *
 * @example
 * if (callsMetric(entry, cache, item.sample, rowHash, item.badCells)) rowsForPass.push(item.sample);
 */
export function callsMetric(
  entry: MetricEntry,
  cache: Cache | undefined,
  sample: Sample,
  rowHash: string,
  badCells?: readonly BadCell[],
): boolean {
  if (resultWithoutScoring(entry.metric, sample, badCells) !== undefined) return false;
  if (cache === undefined || !entry.cacheable) return true;
  return !cache.has(cacheNamespaces.metricResult, resultCacheKey(entry.configHash, rowHash));
}

function resultCacheKey(configHash: string, rowHash: string): string {
  return cacheKey({ v: 1, version, config: configHash, row: rowHash });
}

/** The error row of a metric whose fields' cells could not be read. */
function unreadableCellsResult(cells: readonly BadCell[], metric: string): MetricResult {
  const what = cells.map(
    (cell) => `${cell.field}${cell.line !== undefined ? ` (line ${cell.line})` : ""}: ${cell.message}`,
  );
  return {
    value: null,
    status: "error",
    error: `${metric} cannot score this row: its ${what.join("; ")}; fix the cell`,
  };
}

/** Results `withResultCache` served from the cache (each hit is a freshly parsed object). */
const cacheHits = new WeakSet<MetricResult>();

/**
 * Whether `result` came from the metric-result cache rather than from scoring, so progress can say "cached".
 *
 * @example
 * if (isCacheHit(await score(sample, rowHash))) cachedRows++;
 */
export function isCacheHit(result: MetricResult): boolean {
  return cacheHits.has(result);
}

/**
 * Wraps a scorer with the metric-result cache, keyed by airgap-eval version, metric config hash and
 * row hash. Only `ok` results are stored; skipped rows are never looked up (they cost nothing).
 *
 * @example
 * const cached = withResultCache(score, cache, entry.configHash);
 */
export function withResultCache(scorer: RowScorer, cache: Cache, configHash: string): RowScorer {
  return async (sample, rowHash) => {
    const key = resultCacheKey(configHash, rowHash);
    const hit = cache.getJson<MetricResult>(cacheNamespaces.metricResult, key);
    if (hit !== undefined) {
      cacheHits.add(hit);
      return hit;
    }
    const result = await scorer(sample, rowHash);
    if (result.status === "ok") cache.setJson(cacheNamespaces.metricResult, key, result);
    return result;
  };
}
