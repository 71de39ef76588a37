// The public names of the group "Judge metrics, core" (src/index.ts re-exports this file; docs/api.md lists the groups):
// Ragas' and Haystack's faithfulness, relevance and semantic similarity.

export {
  AnswerRelevancy,
  type AnswerRelevancyOptions,
  ResponseRelevancy,
} from "../metrics/answer-relevancy/metric.js";
export {
  type AnswerRelevancyScore,
  answerRelevancyScore,
  expectedAnswerRelevancy,
  type NoncommittalMode,
} from "../metrics/answer-relevancy/score.js";
export {
  ContextRelevanceEvaluator,
  type ContextRelevanceEvaluatorOptions,
  type ContextRelevanceExample,
  type ContextRelevanceRowResult,
} from "../metrics/context-relevance/evaluator.js";
export { ContextRelevance, type ContextRelevanceOptions } from "../metrics/context-relevance/metric.js";
export { type ContextRelevanceMode, contextRelevanceScore } from "../metrics/context-relevance/score.js";
export {
  FaithfulnessEvaluator,
  type FaithfulnessEvaluatorOptions,
  type FaithfulnessExample,
  type FaithfulnessRowResult,
} from "../metrics/faithfulness/evaluator.js";
export { Faithfulness, type FaithfulnessOptions } from "../metrics/faithfulness/metric.js";
export { type FaithfulnessScoreOptions, faithfulnessScore } from "../metrics/faithfulness/score.js";
export {
  SASEvaluator,
  type SASEvaluatorOptions,
  type SASRowResult,
} from "../metrics/semantic-similarity/evaluator.js";
export { SemanticSimilarity, type SemanticSimilarityOptions } from "../metrics/semantic-similarity/metric.js";
export { semanticSimilarityScore } from "../metrics/semantic-similarity/score.js";
