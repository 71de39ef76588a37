// The result types live in results/ (shared by evaluate/ and report/); kept here for existing imports.
export type {
  EvaluationResultData,
  MetricAggregate,
  RowMetricRecord,
  RunMetadata,
} from "../results/types.js";
