// The public names of the group "Custom judges" (src/index.ts re-exports this file; docs/api.md lists the groups):
// your own criteria, rubrics, G-Eval and Haystack's LLMEvaluator.

export {
  type MetricDefinition,
  type ParseMetricFileOptions,
  parseMetricFile,
} from "../metric-file/definition.js";
export { createDefinedMetric, loadMetricFile } from "../metric-file/load.js";
export { AspectCritic, type AspectCriticOptions } from "../metrics/aspect-critic/metric.js";
export { GEval, type GEvalOptions } from "../metrics/g-eval/metric.js";
export {
  LLMEvaluator,
  type LLMEvaluatorExample,
  type LLMEvaluatorOptions,
  type LLMEvaluatorOutput,
  type LLMEvaluatorRowMeta,
} from "../metrics/llm-evaluator/evaluator.js";
export { LLMJudgeMetric, type LLMJudgeMetricOptions } from "../metrics/llm-evaluator/metric.js";
export type { LLMEvaluatorInputType } from "../metrics/llm-evaluator/prompt.js";
export {
  InstanceRubrics,
  type RubricJudgeOptions,
  RubricsScore,
  type RubricsScoreOptions,
} from "../metrics/rubrics/metric.js";
export {
  DEFAULT_RUBRIC_WITH_REFERENCE,
  DEFAULT_RUBRIC_WITHOUT_REFERENCE,
} from "../metrics/rubrics/prompt.js";
export type { Rubric } from "../metrics/rubrics/score.js";
export type { JudgeInputField, Scale } from "../metrics/shared/judge/custom-judge.js";
export { SimpleCriteriaScore, type SimpleCriteriaScoreOptions } from "../metrics/simple-criteria/metric.js";
