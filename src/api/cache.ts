// The public names of the group "Cache" (src/index.ts re-exports this file; docs/api.md lists the groups):
// the result cache, so a rerun costs no judge time.
export { Cache, type CacheOptions, type CacheStats } from "../cache/cache.js";
export { defaultCachePath } from "../cache/default-path.js";
