// Public API of the metrics layer: Ragas-style metrics, Haystack-style evaluators, the pipeline,
// and the prompt templates (for inspection and prompt versions).

export type { AnswerRelevancyOptions } from "./answer-relevancy/metric.js";
export { AnswerRelevancy, ResponseRelevancy } from "./answer-relevancy/metric.js";
export type { GeneratedQuestion, QuestionsInput, QuestionsOutput } from "./answer-relevancy/prompt.js";
export {
  ANSWER_RELEVANCY_PROMPT_VERSION,
  answerRelevancyPrompt,
  questionsSchema,
} from "./answer-relevancy/prompt.js";
// The metric catalog (descriptors) and the formulas, as pure functions.
export type { AnswerRelevancyScore, NoncommittalMode } from "./answer-relevancy/score.js";
export { answerRelevancyScore } from "./answer-relevancy/score.js";
export {
  canScoreAny,
  createMetric,
  findMetricDescriptor,
  metricDescriptor,
  metricDescriptorIds,
  metricDescriptors,
} from "./catalog.js";
export type {
  ContextRelevanceEvaluatorOptions,
  ContextRelevanceExample,
  ContextRelevanceRowResult,
} from "./context-relevance/evaluator.js";
export { ContextRelevanceEvaluator } from "./context-relevance/evaluator.js";
export type { ContextRelevanceOptions } from "./context-relevance/metric.js";
export { ContextRelevance } from "./context-relevance/metric.js";
export {
  CONTEXT_RELEVANCE_RELEVANT_VERSION,
  CONTEXT_RELEVANCE_STATEMENTS_VERSION,
  contextRelevanceRelevantPrompt,
  contextRelevanceStatementsPrompt,
} from "./context-relevance/prompt.js";
export type { ContextRelevanceMode } from "./context-relevance/score.js";
export { contextRelevanceScore } from "./context-relevance/score.js";
export type { MetricDescriptor, MetricModels, MetricSurfaces } from "./descriptor.js";
export { defineMetric } from "./descriptor.js";
export type {
  FaithfulnessEvaluatorOptions,
  FaithfulnessExample,
  FaithfulnessRowResult,
} from "./faithfulness/evaluator.js";
export { FaithfulnessEvaluator } from "./faithfulness/evaluator.js";
export type { FaithfulnessOptions } from "./faithfulness/metric.js";
export { Faithfulness } from "./faithfulness/metric.js";
export type { FaithfulnessScoreOptions } from "./faithfulness/score.js";
export { faithfulnessScore } from "./faithfulness/score.js";
export type { PipelineOutput, PipelineRunOptions } from "./pipeline.js";
export { EvaluationPipeline, runEvaluators } from "./pipeline.js";
export type { SASEvaluatorOptions, SASRowResult } from "./semantic-similarity/evaluator.js";
export { SASEvaluator } from "./semantic-similarity/evaluator.js";
export type { SemanticSimilarityOptions } from "./semantic-similarity/metric.js";
export { SemanticSimilarity } from "./semantic-similarity/metric.js";
export { semanticSimilarityScore } from "./semantic-similarity/score.js";
export type {
  Evaluator,
  EvaluatorInputs,
  EvaluatorOutput,
  RowOutcome,
  RunOptions,
} from "./shared/evaluator-runner.js";
export type { CutCounts, CutKind, SplitRecord } from "./shared/split.js";
export type { StatementVerdict } from "./shared/statements/merge.js";
export { mergePartVerdicts } from "./shared/statements/merge.js";
export {
  FAITHFULNESS_STATEMENTS_VERSION,
  faithfulnessStatementsPrompt,
} from "./shared/statements/statements-prompt.js";
export type { Verdict } from "./shared/statements/verdicts-prompt.js";
export {
  FAITHFULNESS_VERDICTS_VERSION,
  faithfulnessVerdictsPrompt,
  verdictsSchema,
} from "./shared/statements/verdicts-prompt.js";
export type {
  Metric,
  MetricConfig,
  MetricResult,
  MetricStatus,
  Sample,
  SampleField,
  ScoreOptions,
} from "./types.js";
