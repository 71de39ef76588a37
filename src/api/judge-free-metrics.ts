// biome-ignore-all assist/source/organizeImports: the metrics block, written by npm run docs:api, keeps the catalog's order
// The public names of the group "Judge-free metrics" (src/index.ts re-exports this file; docs/api.md lists the groups):
// Ragas' text and context metrics, Haystack's retrieval evaluators.
// Its metrics are their folders' faces (src/metrics/<folder>/index.ts), in the block npm run docs:api writes from
// the catalog (the group from the descriptor's surfaces.apiGroup, else the metric's family); the rest is kept by hand.

export type { DocumentComparisonOptions } from "../metrics/shared/base/document-metric.js";
export { JudgeFreeMetric } from "../metrics/shared/base/judge-free-metric.js";
export type { NonLLMContextOptions } from "../metrics/shared/base/non-llm-context-metric.js";
export type { ContextId } from "../metrics/shared/text/context-ids.js";
export type { DistanceMeasure } from "../metrics/shared/text/string-distance/similarity.js";
export type { DocumentComparisonField, HaystackDocument } from "../sample/documents.js";

// metrics:start
export * from "../metrics/exact-match/index.js";
export * from "../metrics/string-presence/index.js";
export * from "../metrics/quoted-spans-alignment/index.js";
export * from "../metrics/non-llm-string-similarity/index.js";
export * from "../metrics/bleu-score/index.js";
export * from "../metrics/rouge-score/index.js";
export * from "../metrics/chrf-score/index.js";
export * from "../metrics/id-based-context-precision/index.js";
export * from "../metrics/id-based-context-recall/index.js";
export * from "../metrics/non-llm-context-precision-with-reference/index.js";
export * from "../metrics/non-llm-context-recall/index.js";
export * from "../metrics/document-mrr/index.js";
export * from "../metrics/document-map/index.js";
export * from "../metrics/document-ndcg/index.js";
export * from "../metrics/document-recall/index.js";
export * from "../metrics/pattern-match/index.js";
// metrics:end
