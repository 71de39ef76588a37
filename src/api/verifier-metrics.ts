// The public names of the group "Verifier metrics" (src/index.ts re-exports this file; docs/api.md lists the groups):
// judge-free metrics scored by local ONNX verifiers (HHEM, NLI, cross-encoders, span taggers).

export {
  type CascadeVerdict,
  cascadeRoute,
  DEFAULT_CASCADE_BAND,
} from "../metrics/faithfulness/cascade.js";
export {
  FaithfulnessWithHhem,
  type FaithfulnessWithHhemOptions,
  FaithfulnesswithHHEM,
  type StatementSupport,
} from "../metrics/faithfulness-with-hhem/metric.js";
export {
  type FaithfulnessWithHhemValues,
  faithfulnessWithHhemValues,
} from "../metrics/faithfulness-with-hhem/score.js";
export { HallucinatedSpans, type HallucinatedSpansOptions } from "../metrics/hallucinated-spans/metric.js";
export { supportedCharacterShare } from "../metrics/hallucinated-spans/score.js";
export type { ContextRelevanceScore } from "../metrics/shared/verifier/context-scores.js";
export type { SentenceSupport } from "../metrics/shared/verifier/response-support.js";
export { rowProbability } from "../metrics/shared/verifier/sentence-scores.js";
export { closeSharedVerifiers } from "../metrics/shared/verifier/shared-verifiers.js";
export {
  VerifierAnswerCorrectness,
  type VerifierAnswerCorrectnessOptions,
} from "../metrics/verifier-answer-correctness/metric.js";
export { type EntailmentF, entailmentF } from "../metrics/verifier-answer-correctness/score.js";
export {
  VerifierContextPrecision,
  type VerifierContextPrecisionOptions,
} from "../metrics/verifier-context-precision/metric.js";
export { verifierContextPrecisionScore } from "../metrics/verifier-context-precision/score.js";
export {
  VerifierContextRelevance,
  type VerifierContextRelevanceOptions,
} from "../metrics/verifier-context-relevance/metric.js";
export { verifierContextRelevanceValues } from "../metrics/verifier-context-relevance/score.js";
export {
  VerifierFaithfulness,
  type VerifierFaithfulnessOptions,
} from "../metrics/verifier-faithfulness/metric.js";
export {
  type VerifierFaithfulnessValues,
  verifierFaithfulnessValues,
} from "../metrics/verifier-faithfulness/score.js";
export { type LoadVerifierOptions, loadVerifier } from "../verifiers/load-verifier.js";
export type {
  PairVerifier,
  SpanInput,
  SpanVerifier,
  UnsupportedSpan,
  Verifier,
  VerifierBase,
  VerifierIdentity,
  VerifierPair,
  VerifierScore,
  VerifierTask,
} from "../verifiers/types.js";
