// The public names of the group "Judge-free metrics" (src/index.ts re-exports this file; docs/api.md lists the groups):
// Ragas' text and context metrics, Haystack's retrieval evaluators.

export { BleuScore, type BleuScoreOptions } from "../metrics/bleu-score/metric.js";
export {
  type BleuResult,
  type BleuSettings,
  type BleuTokenizer,
  corpusBleu,
  ragasBleu,
  type SmoothMethod,
} from "../metrics/bleu-score/score.js";
export { tokenize13a } from "../metrics/bleu-score/tokenizer-13a.js";
export { ChrfScore, type ChrfScoreOptions } from "../metrics/chrf-score/metric.js";
export { type ChrfResult, type ChrfSettings, corpusChrf, ragasChrf } from "../metrics/chrf-score/score.js";
export { DocumentMAPEvaluator } from "../metrics/document-map/evaluator.js";
export { DocumentMAP } from "../metrics/document-map/metric.js";
export { type DocumentAveragePrecision, documentAveragePrecision } from "../metrics/document-map/score.js";
export { DocumentMRREvaluator } from "../metrics/document-mrr/evaluator.js";
export { DocumentMRR } from "../metrics/document-mrr/metric.js";
export { type ReciprocalRank, reciprocalRank } from "../metrics/document-mrr/score.js";
export { DocumentNDCGEvaluator } from "../metrics/document-ndcg/evaluator.js";
export { DocumentNDCG } from "../metrics/document-ndcg/metric.js";
export { type Ndcg, ndcg } from "../metrics/document-ndcg/score.js";
export { DocumentRecallEvaluator } from "../metrics/document-recall/evaluator.js";
export { DocumentRecall, type DocumentRecallOptions } from "../metrics/document-recall/metric.js";
export {
  type DocumentRecall as DocumentRecallRow,
  documentRecall,
  type RecallMode,
} from "../metrics/document-recall/score.js";
export {
  AnswerExactMatchEvaluator,
  type AnswerExactMatchRowResult,
} from "../metrics/exact-match/evaluator.js";
export { AnswerExactMatch, ExactMatch } from "../metrics/exact-match/metric.js";
export { exactMatch } from "../metrics/exact-match/score.js";
export { IDBasedContextPrecision } from "../metrics/id-based-context-precision/metric.js";
export { idBasedContextPrecision } from "../metrics/id-based-context-precision/score.js";
export { IDBasedContextRecall } from "../metrics/id-based-context-recall/metric.js";
export { idBasedContextRecall } from "../metrics/id-based-context-recall/score.js";
export { NonLLMContextPrecisionWithReference } from "../metrics/non-llm-context-precision-with-reference/metric.js";
export { nonLlmContextPrecision } from "../metrics/non-llm-context-precision-with-reference/score.js";
export { NonLLMContextRecall } from "../metrics/non-llm-context-recall/metric.js";
export { nonLlmContextRecall } from "../metrics/non-llm-context-recall/score.js";
export {
  NonLLMStringSimilarity,
  type NonLLMStringSimilarityOptions,
} from "../metrics/non-llm-string-similarity/metric.js";
export {
  QuotedSpansAlignment,
  type QuotedSpansAlignmentOptions,
} from "../metrics/quoted-spans-alignment/metric.js";
export { quotedSpansAlignment } from "../metrics/quoted-spans-alignment/score.js";
export { RougeScore, type RougeScoreOptions } from "../metrics/rouge-score/metric.js";
export { porterStem } from "../metrics/rouge-score/porter-stemmer.js";
export {
  type RougeMode,
  type RougeResult,
  type RougeType,
  rouge,
  rougeTokens,
} from "../metrics/rouge-score/score.js";
export type { DocumentComparisonOptions } from "../metrics/shared/base/document-metric.js";
export { JudgeFreeMetric } from "../metrics/shared/base/judge-free-metric.js";
export type { NonLLMContextOptions } from "../metrics/shared/base/non-llm-context-metric.js";
export type { ContextId } from "../metrics/shared/text/context-ids.js";
export { type DistanceMeasure, stringSimilarity } from "../metrics/shared/text/string-distance/similarity.js";
export { StringPresence } from "../metrics/string-presence/metric.js";
export { stringPresence } from "../metrics/string-presence/score.js";
export type { DocumentComparisonField, HaystackDocument } from "../sample/documents.js";
