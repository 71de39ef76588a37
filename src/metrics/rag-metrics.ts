// Public API of Ragas' RAG metrics on the local judge (issue 12), re-exported by src/index.ts in one block.

export { AnswerCorrectness, type AnswerCorrectnessOptions } from "./answer-correctness/metric.js";
export { ContextEntityRecall, type ContextEntityRecallOptions } from "./context-entity-recall/metric.js";
export {
  ContextPrecision,
  type ContextPrecisionOptions,
  ContextUtilization,
  LLMContextPrecisionWithoutReference,
  LLMContextPrecisionWithReference,
} from "./context-precision/metric.js";
export { ContextRecall, type ContextRecallOptions } from "./context-recall/metric.js";
export { FactualCorrectness, type FactualCorrectnessOptions } from "./factual-correctness/metric.js";
export type { Atomicity, Coverage } from "./factual-correctness/prompt.js";
export type { FactualCorrectnessMode } from "./factual-correctness/score.js";
export { NoiseSensitivity, type NoiseSensitivityOptions } from "./noise-sensitivity/metric.js";
export type { NoiseSensitivityMode } from "./noise-sensitivity/score.js";
export { AnswerAccuracy, type AnswerAccuracyOptions } from "./nv-answer-accuracy/metric.js";
export { NvContextRelevance, type NvContextRelevanceOptions } from "./nv-context-relevance/metric.js";
export { ResponseGroundedness, type ResponseGroundednessOptions } from "./nv-response-groundedness/metric.js";
export type { JudgeMetricOptions } from "./shared/judge-metric.js";
