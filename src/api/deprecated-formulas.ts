// The public names of the group "Formulas (deprecated here)" (src/index.ts re-exports this file; docs/api.md lists the
// groups): the formulas the main entry exported before airgap-eval/formulas existed, kept for one release. A name of
// airgap-eval/formulas that a metric's face also exports (a mode or option type) is not deprecated, so it is not here.

export {
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  type AnswerRelevancyScore,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  answerRelevancyScore,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  type BleuResult,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  type BleuSettings,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  type ChrfResult,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  type ChrfSettings,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  type ContextRelevanceScore,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  contextRelevanceScore,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  contextualPrecision,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  contextualRecall,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  contextualRelevancy,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  corpusBleu,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  corpusChrf,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  countsAsTruthful,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  type DocumentRecallRow,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  deepEvalAnswerRelevancy,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  deepEvalFaithfulness,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  documentAveragePrecision,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  documentRecall,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  type EntailmentF,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  entailmentF,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  exactMatch,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  expectedAnswerRelevancy,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  type FaithfulnessScoreOptions,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  type FaithfulnessWithHhemValues,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  faithfulnessScore,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  faithfulnessWithHhemValues,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  goalAccuracy,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  idBasedContextPrecision,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  idBasedContextRecall,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  ndcg,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  nonLlmContextPrecision,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  nonLlmContextRecall,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  porterStem,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  quotedSpansAlignment,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  type RougeResult,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  ragasBleu,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  ragasChrf,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  reciprocalRank,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  referenceSentences,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  rouge,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  rougeTokens,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  rowProbability,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  type SentenceSupport,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  semanticSimilarityScore,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  stringPresence,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  stringSimilarity,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  supportedCharacterShare,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  type TopicCounts,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  tokenize13a,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  topicAdherence,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  topicCounts,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  type VerifierFaithfulnessValues,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  verifierContextPrecisionScore,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  verifierContextRelevanceValues,
  /** @deprecated Import it from "airgap-eval/formulas"; it leaves "airgap-eval" in the next release. */
  verifierFaithfulnessValues,
} from "../formulas.js";
