// The public names of the group "Embeddings" (src/index.ts re-exports this file; docs/api.md lists the groups):
// the Embeddings interface, the ONNX runtime, a user's transformers.js pipeline, batching and the cached wrapper.

export { BatchingEmbeddings, type BatchingEmbeddingsOptions } from "../embeddings/batching-embeddings.js";
export { CachedEmbeddings } from "../embeddings/cached-embeddings.js";
export type { EmbedDetailedResult, EmbeddingStats } from "../embeddings/embedding-results.js";
export { DEFAULT_LONG_TEXT, type LongText, type LongTextNote } from "../embeddings/long-text.js";
export type { Pooling } from "../embeddings/pooling.js";
export {
  TransformersEmbeddings,
  type TransformersEmbeddingsOptions,
} from "../embeddings/transformers-embeddings.js";
export {
  TransformersJsEmbeddings,
  type TransformersJsEmbeddingsOptions,
} from "../embeddings/transformers-js-embeddings.js";
export type {
  TransformersJsPipeline,
  TransformersJsPooling,
  TransformersJsTensorLike,
} from "../embeddings/transformers-js-pipeline.js";
export type { EmbeddedTexts, Embeddings } from "../embeddings/types.js";
export { cosineSimilarity } from "../math/cosine.js";
