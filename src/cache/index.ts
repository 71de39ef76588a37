export { Cache, type CacheOptions, type CacheStats } from "./cache.js";
export { CachedEmbeddings } from "./cached-embeddings.js";
export { CachedLlm } from "./cached-llm.js";
export { defaultCachePath } from "./default-path.js";
export { cacheKey, cacheNamespaces } from "./keys.js";
