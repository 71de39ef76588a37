// The public names of the group "Evaluate" (src/index.ts re-exports this file; docs/api.md lists the groups):
// run metrics over a dataset, resumable, into a results file.
export { type EvaluateDataset, type EvaluateOptions, evaluate } from "../evaluate/evaluate.js";
export type { ProgressMode, ProgressReporter } from "../evaluate/progress.js";
export { EvaluationResult } from "../evaluate/result.js";
export type { ModelProvenance } from "../provenance.js";
export type { JuryAgreement } from "../results/jury-agreement.js";
export { type LoadResultsOptions, loadResults } from "../results/load.js";
export type {
  EvaluationResultData,
  MetricAggregate,
  ProblemGroup,
  RowMetricRecord,
  RunMetadata,
  UnscoredRow,
} from "../results/types.js";
