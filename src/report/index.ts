/**
 * Reports over an {@link EvaluationResultData}: aggregated, detailed and comparative views, and exporters
 * to JSON, CSV, Markdown, self-contained HTML and a plain-text summary.
 *
 * @example
 * import { formatSummary, writeReport } from "./report/index.js";
 * await writeReport("report.html", result);
 * process.stdout.write(formatSummary(result));
 */
export type {
  ComparedCell,
  ComparedRow,
  CompareOptions,
  Comparison,
  MetricComparison,
  UnpairedRow,
} from "./compare.js";
export { compareRuns } from "./compare.js";
export { type ComparisonHtmlOptions, comparisonToHtml } from "./compare-html.js";
export type { CsvReportOptions, CsvValue } from "./csv.js";
export { csvField, neutraliseCsvText, toCsvReport } from "./csv.js";
export { formatDelta, formatScore, rowsRun, scoredOf } from "./format.js";
export type { Histogram } from "./histogram.js";
export { axisTicks, histogram, histogramDomain } from "./histogram.js";
export type { HtmlReportOptions } from "./html.js";
export { REPORT_CSP, toHtmlReport } from "./html.js";
export { escapeHtml, jsonForScript } from "./html-escape.js";
export type { JsonReportOptions } from "./json.js";
export { comparisonToJson, toJsonReport } from "./json.js";
export type { ComparisonMarkdownOptions, MarkdownReportOptions } from "./markdown.js";
export {
  comparisonToMarkdown,
  escapeMarkdownCell,
  escapeMarkdownText,
  toMarkdownReport,
} from "./markdown.js";
export { runDifferences } from "./run-differences.js";
export type { SummaryOptions } from "./summary.js";
export { alignColumns, formatSummary } from "./summary.js";
export type { DetailedMetricCell, DetailedView, ProblemGroup, ReportInput, ReportRow } from "./views.js";
export {
  aggregatedView,
  detailedView,
  metricIds,
  problemGroups,
  reportData,
  rowStatus,
  runModels,
} from "./views.js";
export type { ReportFormat, WriteReportOptions } from "./write.js";
export { renderReport, reportFormatForPath, writeComparison, writeReport } from "./write.js";
