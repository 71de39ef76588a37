/**
 * The embeddings layer: the {@link Embeddings} interface metrics receive, and {@link TransformersEmbeddings},
 * which runs local ONNX encoders in-process (onnxruntime-node, tokenizers from src/tokenizers/).
 *
 * @example
 * import { TransformersEmbeddings, cosineSimilarity } from "airgap-eval";
 * await using embeddings = await TransformersEmbeddings.load({ model: "starter/glove-100d" });
 * const [a, b] = await embeddings.embed(["a cat", "a kitten"]);
 * cosineSimilarity(a, b);
 */
export { cosineSimilarity } from "../math/cosine.js";
export { BatchingEmbeddings, type BatchingEmbeddingsOptions } from "./batching-embeddings.js";
export { CachedEmbeddings } from "./cached-embeddings.js";
export type { EmbedDetailedResult, EmbeddingStats } from "./embedding-results.js";
export { DEFAULT_LONG_TEXT, type LongText, type LongTextNote } from "./long-text.js";
export { normalizeInPlace, type Pooling } from "./pooling.js";
export { TransformersEmbeddings, type TransformersEmbeddingsOptions } from "./transformers-embeddings.js";
export {
  TransformersJsEmbeddings,
  type TransformersJsEmbeddingsOptions,
} from "./transformers-js-embeddings.js";
export type {
  TransformersJsPipeline,
  TransformersJsPooling,
  TransformersJsTensorLike,
} from "./transformers-js-pipeline.js";
export type { EmbeddedTexts, Embeddings } from "./types.js";
export { validateTexts } from "./validate-texts.js";
