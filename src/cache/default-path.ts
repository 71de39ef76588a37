import os from "node:os";
import path from "node:path";

/**
 * Where the cache lives unless told otherwise: `$XDG_CACHE_HOME/airgap-eval/cache.sqlite`, else
 * `~/.cache/airgap-eval/cache.sqlite`. `AIRGAP_EVAL_CACHE` (a file path) overrides both.
 *
 * @example
 * const cache = Cache.open({ path: defaultCachePath() });
 */
export function defaultCachePath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.AIRGAP_EVAL_CACHE) return path.resolve(env.AIRGAP_EVAL_CACHE);
  const base = env.XDG_CACHE_HOME ? path.resolve(env.XDG_CACHE_HOME) : path.join(os.homedir(), ".cache");
  return path.join(base, "airgap-eval", "cache.sqlite");
}
