/**
 * airgap-eval/formulas: the pure formulas behind the built-in metrics, and their result types. Each is a
 * synchronous function of numbers, strings or judge verdicts, with no model and no module state, so a formula
 * can be checked by hand or reused outside a metric (the metric classes are in the main `airgap-eval` entry).
 * Each line re-exports one metric folder's `score.ts` (or a formula file it shares); docs/api.md lists the entry.
 *
 * @example
 * import { exactMatch, stringSimilarity } from "airgap-eval/formulas";
 * exactMatch("Paris", "Paris"); // 1
 * stringSimilarity("kitten", "sitting", "levenshtein"); // 0.5714285714285714
 */

export { goalAccuracy } from "./metrics/agent-goal-accuracy/score.js";
export {
  type AnswerRelevancyScore,
  answerRelevancyScore,
  expectedAnswerRelevancy,
  type NoncommittalMode,
} from "./metrics/answer-relevancy/score.js";
export {
  type ArenaTally,
  candidatePairs,
  type OrderedVerdict,
  pairOrderings,
  tallyArena,
} from "./metrics/arena-g-eval/score.js";
export {
  type BleuResult,
  type BleuSettings,
  type BleuTokenizer,
  corpusBleu,
  ragasBleu,
  type SmoothMethod,
} from "./metrics/bleu-score/score.js";
export { tokenize13a } from "./metrics/bleu-score/tokenizer-13a.js";
export { type ChrfResult, type ChrfSettings, corpusChrf, ragasChrf } from "./metrics/chrf-score/score.js";
export { type ContextRelevanceMode, contextRelevanceScore } from "./metrics/context-relevance/score.js";
export { contextualPrecision } from "./metrics/contextual-precision/score.js";
export { contextualRecall, referenceSentences } from "./metrics/contextual-recall/score.js";
export { contextualRelevancy } from "./metrics/contextual-relevancy/score.js";
export { childMetricValue, expectedBranchValue, leafValue } from "./metrics/dag/score.js";
export { deepEvalAnswerRelevancy } from "./metrics/deepeval-answer-relevancy/score.js";
export { countsAsTruthful, deepEvalFaithfulness } from "./metrics/deepeval-faithfulness/score.js";
export { type DocumentAveragePrecision, documentAveragePrecision } from "./metrics/document-map/score.js";
export { type ReciprocalRank, reciprocalRank } from "./metrics/document-mrr/score.js";
export { type Ndcg, ndcg } from "./metrics/document-ndcg/score.js";
export {
  type DocumentRecall as DocumentRecallRow,
  documentRecall,
  type RecallMode,
} from "./metrics/document-recall/score.js";
export { exactMatch } from "./metrics/exact-match/score.js";
export { type FaithfulnessScoreOptions, faithfulnessScore } from "./metrics/faithfulness/score.js";
export {
  type FaithfulnessWithHhemValues,
  faithfulnessWithHhemValues,
} from "./metrics/faithfulness-with-hhem/score.js";
export { supportedCharacterShare } from "./metrics/hallucinated-spans/score.js";
export { idBasedContextPrecision } from "./metrics/id-based-context-precision/score.js";
export { idBasedContextRecall } from "./metrics/id-based-context-recall/score.js";
export { nonLlmContextPrecision } from "./metrics/non-llm-context-precision-with-reference/score.js";
export { nonLlmContextRecall } from "./metrics/non-llm-context-recall/score.js";
export { compilePattern, patternMatch, patternProblem } from "./metrics/pattern-match/score.js";
export { quotedSpansAlignment } from "./metrics/quoted-spans-alignment/score.js";
export { porterStem } from "./metrics/rouge-score/porter-stemmer.js";
export {
  type RougeMode,
  type RougeResult,
  type RougeType,
  rouge,
  rougeTokens,
} from "./metrics/rouge-score/score.js";
export { semanticSimilarityScore } from "./metrics/semantic-similarity/score.js";
export { type DistanceMeasure, stringSimilarity } from "./metrics/shared/text/string-distance/similarity.js";
export type { ContextRelevanceScore } from "./metrics/shared/verifier/context-scores.js";
export type { SentenceSupport } from "./metrics/shared/verifier/response-support.js";
export { rowProbability } from "./metrics/shared/verifier/sentence-scores.js";
export { stringPresence } from "./metrics/string-presence/score.js";
export {
  type TopicAdherenceMode,
  type TopicCounts,
  topicAdherence,
  topicCounts,
} from "./metrics/topic-adherence/score.js";
export { type EntailmentF, entailmentF } from "./metrics/verifier-answer-correctness/score.js";
export { verifierContextPrecisionScore } from "./metrics/verifier-context-precision/score.js";
export { verifierContextRelevanceValues } from "./metrics/verifier-context-relevance/score.js";
export {
  type VerifierFaithfulnessValues,
  verifierFaithfulnessValues,
} from "./metrics/verifier-faithfulness/score.js";
