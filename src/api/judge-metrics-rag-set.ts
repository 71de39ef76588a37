// The public names of the group "Judge metrics, RAG set" (src/index.ts re-exports this file; docs/api.md lists the groups):
// Ragas' context precision/recall, correctness, noise and NVIDIA ratings; DeepEval's RAG metrics.

export { AnswerCorrectness, type AnswerCorrectnessOptions } from "../metrics/answer-correctness/metric.js";
export {
  ContextEntityRecall,
  type ContextEntityRecallOptions,
} from "../metrics/context-entity-recall/metric.js";
export {
  ContextPrecision,
  type ContextPrecisionOptions,
  ContextUtilization,
  LLMContextPrecisionWithoutReference,
  LLMContextPrecisionWithReference,
} from "../metrics/context-precision/metric.js";
export { ContextRecall, type ContextRecallOptions } from "../metrics/context-recall/metric.js";
export {
  ContextualPrecisionMetric,
  type ContextualPrecisionOptions,
} from "../metrics/contextual-precision/metric.js";
export { contextualPrecision } from "../metrics/contextual-precision/score.js";
export {
  ContextualRecallMetric,
  type ContextualRecallOptions,
} from "../metrics/contextual-recall/metric.js";
export { contextualRecall, referenceSentences } from "../metrics/contextual-recall/score.js";
export {
  ContextualRelevancyMetric,
  type ContextualRelevancyOptions,
} from "../metrics/contextual-relevancy/metric.js";
export { contextualRelevancy } from "../metrics/contextual-relevancy/score.js";
export {
  AnswerRelevancyMetric,
  type DeepEvalAnswerRelevancyOptions,
} from "../metrics/deepeval-answer-relevancy/metric.js";
export { deepEvalAnswerRelevancy } from "../metrics/deepeval-answer-relevancy/score.js";
export {
  type DeepEvalFaithfulnessOptions,
  FaithfulnessMetric,
} from "../metrics/deepeval-faithfulness/metric.js";
export { countsAsTruthful, deepEvalFaithfulness } from "../metrics/deepeval-faithfulness/score.js";
export { FactualCorrectness, type FactualCorrectnessOptions } from "../metrics/factual-correctness/metric.js";
export type { Atomicity, Coverage } from "../metrics/factual-correctness/prompt.js";
export type { FactualCorrectnessMode } from "../metrics/factual-correctness/score.js";
export { NoiseSensitivity, type NoiseSensitivityOptions } from "../metrics/noise-sensitivity/metric.js";
export type { NoiseSensitivityMode } from "../metrics/noise-sensitivity/score.js";
export { AnswerAccuracy, type AnswerAccuracyOptions } from "../metrics/nv-answer-accuracy/metric.js";
export {
  NvContextRelevance,
  type NvContextRelevanceOptions,
} from "../metrics/nv-context-relevance/metric.js";
export {
  ResponseGroundedness,
  type ResponseGroundednessOptions,
} from "../metrics/nv-response-groundedness/metric.js";
export type { DeepEvalRagOptions } from "../metrics/shared/judge/deepeval-rag/options.js";
