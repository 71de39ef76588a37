// Public API of the metrics that need no judge and no embeddings: Ragas-style classes, Haystack-style
// evaluators, their pure formulas and catalog entries.

export { BleuScore, type BleuScoreOptions } from "./bleu-score/metric.js";
export {
  type BleuResult,
  type BleuSettings,
  type BleuTokenizer,
  corpusBleu,
  ragasBleu,
  type SmoothMethod,
} from "./bleu-score/score.js";
export { tokenize13a } from "./bleu-score/tokenizer-13a.js";
export { ChrfScore, type ChrfScoreOptions } from "./chrf-score/metric.js";
export { type ChrfResult, type ChrfSettings, corpusChrf, ragasChrf } from "./chrf-score/score.js";
export { DocumentMAPEvaluator } from "./document-map/evaluator.js";
export { DocumentMAP } from "./document-map/metric.js";
export { type DocumentAveragePrecision, documentAveragePrecision } from "./document-map/score.js";
export { DocumentMRREvaluator } from "./document-mrr/evaluator.js";
export { DocumentMRR } from "./document-mrr/metric.js";
export { type ReciprocalRank, reciprocalRank } from "./document-mrr/score.js";
export { DocumentNDCGEvaluator } from "./document-ndcg/evaluator.js";
export { DocumentNDCG } from "./document-ndcg/metric.js";
export { type Ndcg, ndcg } from "./document-ndcg/score.js";
export { DocumentRecallEvaluator } from "./document-recall/evaluator.js";
export { DocumentRecall, type DocumentRecallOptions } from "./document-recall/metric.js";
export {
  type DocumentRecall as DocumentRecallRow,
  documentRecall,
  type RecallMode,
} from "./document-recall/score.js";
export { AnswerExactMatchEvaluator, type AnswerExactMatchRowResult } from "./exact-match/evaluator.js";
export { AnswerExactMatch, ExactMatch } from "./exact-match/metric.js";
export { exactMatch } from "./exact-match/score.js";
export { IDBasedContextPrecision } from "./id-based-context-precision/metric.js";
export { idBasedContextPrecision } from "./id-based-context-precision/score.js";
export { IDBasedContextRecall } from "./id-based-context-recall/metric.js";
export { idBasedContextRecall } from "./id-based-context-recall/score.js";
export { NonLLMContextPrecisionWithReference } from "./non-llm-context-precision-with-reference/metric.js";
export { nonLlmContextPrecision } from "./non-llm-context-precision-with-reference/score.js";
export { NonLLMContextRecall } from "./non-llm-context-recall/metric.js";
export { nonLlmContextRecall } from "./non-llm-context-recall/score.js";
export {
  NonLLMStringSimilarity,
  type NonLLMStringSimilarityOptions,
} from "./non-llm-string-similarity/metric.js";
export { RougeScore, type RougeScoreOptions } from "./rouge-score/metric.js";
export { porterStem } from "./rouge-score/porter-stemmer.js";
export { type RougeMode, type RougeResult, type RougeType, rouge, rougeTokens } from "./rouge-score/score.js";
export type { ContextId } from "./shared/context-ids.js";
export type { DocumentComparisonOptions } from "./shared/document-evaluator.js";
export type { DocumentComparisonField, HaystackDocument } from "./shared/documents.js";
export { JudgeFreeMetric } from "./shared/judge-free.js";
export type { NonLLMContextOptions } from "./shared/non-llm-context-metric.js";
export { type DistanceMeasure, stringSimilarity } from "./shared/string-distance/similarity.js";
export { StringPresence } from "./string-presence/metric.js";
export { stringPresence } from "./string-presence/score.js";
