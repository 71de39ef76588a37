import { wellFormedJson } from "../util/well-formed.js";
import type { Comparison } from "./compare.js";
import { aggregatedView, detailedView, type ReportInput, reportData } from "./views.js";

/** Options for {@link toJsonReport}. */
export interface JsonReportOptions {
  /**
   * What to write: `full` (the whole result: metadata, records, invalid rows, aggregates), `aggregated`
   * (metadata and per-metric aggregates) or `detailed` (metadata, aggregates and one entry per row).
   * Defaults to `"full"`.
   */
  view?: "full" | "aggregated" | "detailed";
  /** Spaces of indentation; 0 writes one line. Defaults to `2`. */
  indent?: number;
}

/**
 * Serialises a run as JSON. The `full` view round-trips: `JSON.parse(toJsonReport(r))` equals `r`.
 *
 * @example
 * await writeFile("report.json", toJsonReport(result, { view: "detailed" }));
 */
export function toJsonReport(input: ReportInput, options: JsonReportOptions = {}): string {
  const data = reportData(input);
  const indent = options.indent ?? 2;
  const view = options.view ?? "full";
  let payload: unknown;
  if (view === "aggregated") {
    payload = { metadata: data.metadata, aggregates: aggregatedView(data), invalidRows: data.invalidRows };
  } else if (view === "detailed") {
    const { metrics, rows } = detailedView(data);
    payload = {
      metadata: data.metadata,
      metrics,
      aggregates: aggregatedView(data),
      rows,
      invalidRows: data.invalidRows,
    };
  } else {
    payload = data;
  }
  return `${wellFormedJson(payload, indent)}\n`;
}

/**
 * Serialises a comparison of two runs as JSON.
 *
 * @example
 * await writeFile("compare.json", comparisonToJson(compareRuns(a, b)));
 */
export function comparisonToJson(comparison: Comparison, indent = 2): string {
  return `${wellFormedJson(comparison, indent)}\n`;
}
