export { Cache, type CacheOptions, type CacheStats } from "./cache.js";
export { defaultCachePath } from "./default-path.js";
export { cacheKey, cacheNamespaces } from "./keys.js";
