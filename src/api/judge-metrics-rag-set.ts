// biome-ignore-all assist/source/organizeImports: the metrics block, written by npm run docs:api, keeps the catalog's order
// The public names of the group "Judge metrics, RAG set" (src/index.ts re-exports this file; docs/api.md lists the groups):
// Ragas' context precision/recall, correctness, noise and NVIDIA ratings; DeepEval's RAG metrics.
// Its metrics are their folders' faces (src/metrics/<folder>/index.ts), in the block npm run docs:api writes from
// the catalog (the group from the descriptor's surfaces.apiGroup, else the metric's family); the rest is kept by hand.

export type { DeepEvalRagOptions } from "../metrics/shared/judge/deepeval-rag/options.js";

// metrics:start
export * from "../metrics/context-precision/index.js";
export * from "../metrics/context-recall/index.js";
export * from "../metrics/answer-correctness/index.js";
export * from "../metrics/factual-correctness/index.js";
export * from "../metrics/noise-sensitivity/index.js";
export * from "../metrics/deepeval-faithfulness/index.js";
export * from "../metrics/deepeval-answer-relevancy/index.js";
export * from "../metrics/contextual-precision/index.js";
export * from "../metrics/contextual-recall/index.js";
export * from "../metrics/contextual-relevancy/index.js";
export * from "../metrics/context-entity-recall/index.js";
export * from "../metrics/nv-answer-accuracy/index.js";
export * from "../metrics/nv-context-relevance/index.js";
export * from "../metrics/nv-response-groundedness/index.js";
// metrics:end
