// biome-ignore-all assist/source/organizeImports: the metrics block, written by npm run docs:api, keeps the catalog's order
// The public names of the group "Judge metrics, core" (src/index.ts re-exports this file; docs/api.md lists the groups):
// Ragas' and Haystack's faithfulness, relevance and semantic similarity.
// Its metrics are their folders' faces (src/metrics/<folder>/index.ts), in the block npm run docs:api writes from
// the catalog (the group from the descriptor's surfaces.apiGroup, else the metric's family); the rest is kept by hand.

// metrics:start
export * from "../metrics/answer-relevancy/index.js";
export * from "../metrics/semantic-similarity/index.js";
export * from "../metrics/faithfulness/index.js";
export * from "../metrics/context-relevance/index.js";
// metrics:end
