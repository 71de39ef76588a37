// biome-ignore-all assist/source/organizeImports: the metrics block, written by npm run docs:api, keeps the catalog's order
// The public names of the group "Verifier metrics" (src/index.ts re-exports this file; docs/api.md lists the groups):
// judge-free metrics scored by local ONNX verifiers (HHEM, NLI, cross-encoders, span taggers).
// Its metrics are their folders' faces (src/metrics/<folder>/index.ts), in the block npm run docs:api writes from
// the catalog (the group from the descriptor's surfaces.apiGroup, else the metric's family); the rest is kept by hand.

export { type CascadeVerdict, cascadeRoute, DEFAULT_CASCADE_BAND } from "../metrics/faithfulness/cascade.js";
export { closeSharedVerifiers } from "../metrics/shared/verifier/shared-verifiers.js";
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

// metrics:start
export * from "../metrics/verifier-faithfulness/index.js";
export * from "../metrics/faithfulness-with-hhem/index.js";
export * from "../metrics/verifier-context-relevance/index.js";
export * from "../metrics/verifier-context-precision/index.js";
export * from "../metrics/verifier-answer-correctness/index.js";
export * from "../metrics/hallucinated-spans/index.js";
// metrics:end
