export { aggregateRecords } from "../results/aggregate.js";
export type {
  EvaluationResultData,
  MetricAggregate,
  RowMetricRecord,
  RunMetadata,
} from "../results/types.js";
export { describeConfigDifferences } from "./config-diff.js";
export { defaultConcurrency, type EvaluateDataset, type EvaluateOptions, evaluate } from "./evaluate.js";
export { canonicalJson, configHash, rowHash } from "./hash.js";
export {
  createProgress,
  type ProgressMode,
  type ProgressOptions,
  type ProgressReporter,
} from "./progress.js";
export { type DetailedRow, EvaluationResult } from "./result.js";
export {
  loadResults,
  type ParsedResultsFile,
  parseResultsFile,
  type ResultsEndLine,
  type ResultsHeaderLine,
  type ResultsInvalidLine,
  type ResultsLine,
  type ResultsRecordLine,
  readResultsFile,
  resultsFormat,
  resultsFormatVersion,
} from "./results-file.js";
export { isSkippedConfig, skippedMetric } from "./skipped-metric.js";
