// The public face of this metric folder: its classes, their options and the types a user passes or reads, all
// public in the package root (test/metrics/faces.test.ts). Its formulas are public in airgap-eval/formulas.
export {
  LLMEvaluator,
  type LLMEvaluatorExample,
  type LLMEvaluatorOptions,
  type LLMEvaluatorOutput,
  type LLMEvaluatorRowMeta,
} from "./evaluator.js";
export { LLMJudgeMetric, type LLMJudgeMetricOptions } from "./metric.js";
export type { LLMEvaluatorInputType } from "./prompt.js";
