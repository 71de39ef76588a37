// The public names of the group "Reports" (src/index.ts re-exports this file; docs/api.md lists the groups):
// a run as JSON, CSV, Markdown or HTML; two runs compared; the intervals, tests and sample sizes behind them.

// Confidence intervals, paired differences and sample sizes (docs/reports.md#formulas).
export {
  type IntervalMethod,
  type IntervalOptions,
  type MeanInterval,
  meanInterval,
  standardError,
} from "../math/mean-interval.js";
export {
  type PairedDifference,
  type PairedDifferenceOptions,
  pairedDifference,
} from "../math/paired-difference.js";
export { detectableDifference, type PowerOptions, rowsToDetect } from "../math/sample-size.js";
export { type CompareOptions, type Comparison, compareRuns } from "../report/compare.js";
export { type WriteReportFromResultsOptions, writeReportFromResults } from "../report/from-results-file.js";
export {
  formatSampleSizes,
  type MetricSampleSize,
  type SampleSizeOptions,
  sampleSizes,
} from "../report/sample-size.js";
export type { ReportInput } from "../report/views.js";
export {
  type ReportFormat,
  renderReport,
  type WriteReportOptions,
  writeComparison,
  writeReport,
} from "../report/write.js";
export type { AggregateIntervalOptions } from "../results/interval-tally.js";
