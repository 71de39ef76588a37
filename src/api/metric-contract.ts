// The public names of the group "Metric contract" (src/index.ts re-exports this file; docs/api.md lists the groups):
// what every metric and evaluator is, and the catalog of built-in metrics.

export { parseOptions } from "../errors-zod.js";
export { createMetric, metricDescriptor, metricDescriptors } from "../metrics/catalog.js";
export type { MetricDescriptor, MetricModels, MetricSurfaces } from "../metrics/descriptor.js";
export {
  type JudgeLoader,
  JudgeShelf,
  Jury,
  type JuryAggregate,
  type JuryDetails,
  type JuryMemberResult,
  type JuryOptions,
  juryAggregates,
  type LoadedJudge,
} from "../metrics/jury/index.js";
export { type PipelineOutput, type PipelineRunOptions, runEvaluators } from "../metrics/pipeline.js";
export type {
  Evaluator,
  EvaluatorInputs,
  EvaluatorOutput,
  RowOutcome,
  RunOptions,
} from "../metrics/shared/base/evaluator-runner.js";
export type { LongTextEntry } from "../metrics/shared/embedding/long-texts.js";
export type {
  ChoiceVerdict,
  PrefillOptions,
  ReasonsOptions,
  Scoring,
} from "../metrics/shared/judge/choice-verdicts.js";
export type { JudgeMetricOptions } from "../metrics/shared/judge/options.js";
export type { CutCounts, CutKind, SplitRecord } from "../metrics/shared/judge/split.js";
export type {
  Metric,
  MetricConfig,
  MetricResult,
  MetricStatus,
  Sample,
  SampleField,
  ScoreOptions,
  ScoringPasses,
  ScoringPassOptions,
} from "../metrics/types.js";
