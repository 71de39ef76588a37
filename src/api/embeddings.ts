// The public names of the group "Embeddings" (src/index.ts re-exports this file; docs/api.md lists the groups):
// the Embeddings interface, the ONNX runtime, batching and the cached wrapper.

export { BatchingEmbeddings, type BatchingEmbeddingsOptions } from "../embeddings/batching-embeddings.js";
export { CachedEmbeddings } from "../embeddings/cached-embeddings.js";
export type { EmbedDetailedResult, EmbeddingStats } from "../embeddings/embedding-results.js";
export { DEFAULT_LONG_TEXT, type LongText, type LongTextNote } from "../embeddings/long-text.js";
export type { Pooling } from "../embeddings/pooling.js";
export {
  TransformersEmbeddings,
  type TransformersEmbeddingsOptions,
} from "../embeddings/transformers-embeddings.js";
export type { EmbeddedTexts, Embeddings } from "../embeddings/types.js";
export { cosineSimilarity } from "../math/cosine.js";
