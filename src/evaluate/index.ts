export { aggregateRecords } from "../results/aggregate.js";
export { canonicalJson, configHash, rowHash } from "../results/hash.js";
export { parseResultsFile } from "../results/line-reader.js";
export {
  type ParsedResultsFile,
  type ResultsEndLine,
  type ResultsHeaderLine,
  type ResultsInvalidLine,
  type ResultsLine,
  type ResultsRecordLine,
  resultsFormat,
  resultsFormatVersion,
} from "../results/lines.js";
export { loadResults } from "../results/load.js";
export { readResultsFile } from "../results/read-file.js";
export type {
  EvaluationResultData,
  MetricAggregate,
  RowMetricRecord,
  RunMetadata,
} from "../results/types.js";
export { describeConfigDifferences } from "./config-diff.js";
export { defaultConcurrency, type EvaluateDataset, type EvaluateOptions, evaluate } from "./evaluate.js";
export {
  createProgress,
  type ProgressMode,
  type ProgressOptions,
  type ProgressReporter,
} from "./progress.js";
export { type DetailedRow, EvaluationResult } from "./result.js";
export { isSkippedConfig, skippedMetric } from "./skipped-metric.js";
