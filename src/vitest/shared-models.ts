import { Cache } from "../cache/cache.js";
import { CachedEmbeddings } from "../embeddings/cached-embeddings.js";
import type { Embeddings } from "../embeddings/types.js";
import { CachedLlm } from "../llm/cached-llm.js";
import type { Llm } from "../llm/types.js";
import { defaultModelId, resolveModel } from "../models/resolve.js";
import { SharedCalls } from "../util/shared-calls.js";

/** Which models a test suite shares, and how. */
export interface SharedModelsOptions {
  /** Judge: registry id or `.gguf` path. Defaults to no judge. */
  llm?: string;
  /** Embedder: registry id or ONNX model directory. Defaults to the registry's default embedder. */
  embeddings?: string;
  /** Models directory. Defaults to `$AIRGAP_EVAL_MODELS`, else the user cache directory. */
  modelsDir?: string;
  /** Judge CPU threads. Defaults to the judge's own default. */
  threads?: number;
  /**
   * SQLite cache of judge answers and vectors, so an unchanged rerun calls no model: a file path,
   * or false. Defaults to `$AIRGAP_EVAL_CACHE`, else the user cache directory's cache.sqlite.
   */
  cache?: string | false;
}

/** The shared models of one worker. */
export interface SharedModels {
  /** The judge, behind the cache when one is used. */
  llm?: Llm;
  /** The embedder, behind the cache when one is used. */
  embeddings?: Embeddings;
  /** Work done in this worker so far: calls that reached the judge model, and cache hits and misses. */
  stats(): { judgeCalls: number; cacheHits: number; cacheMisses: number };
}

const store = Symbol.for("airgap-eval.vitest.sharedModels");
type Store = SharedCalls<string, SharedModels>;

function workerStore(): Store {
  // On globalThis, not in module scope: vitest re-imports modules for every test file, but the
  // worker process (and its globalThis) stays, so models load once per worker.
  const g = globalThis as unknown as Record<symbol, Store | undefined>;
  g[store] ??= new SharedCalls("until-failure");
  return g[store];
}

async function load(options: SharedModelsOptions): Promise<SharedModels> {
  const cache =
    options.cache === false ? undefined : Cache.open(options.cache ? { path: options.cache } : {});
  let judgeCalls = () => 0;
  const out: SharedModels = {
    stats: () => {
      const c = cache?.stats();
      return { judgeCalls: judgeCalls(), cacheHits: c?.hits ?? 0, cacheMisses: c?.misses ?? 0 };
    },
  };
  if (options.llm !== undefined) {
    const model = await resolveModel(options.llm, { kind: "llm", modelsDir: options.modelsDir });
    const { LlamaCppLlm } = await import("../llm/llama-cpp-llm.js");
    const llm = await LlamaCppLlm.load({
      model,
      ...(options.threads !== undefined ? { threads: options.threads } : {}),
    });
    judgeCalls = () => llm.stats().calls;
    out.llm = cache ? new CachedLlm(llm, cache) : llm;
  }
  const embeddingId = options.embeddings ?? defaultModelId("embedding");
  const model = await resolveModel(embeddingId, { kind: "embedding", modelsDir: options.modelsDir });
  const { TransformersEmbeddings } = await import("../embeddings/transformers-embeddings.js");
  const embeddings = await TransformersEmbeddings.load({ model });
  out.embeddings = cache ? new CachedEmbeddings(embeddings, cache) : embeddings;
  return out;
}

/**
 * The judge and embedder for evaluation tests, loaded once per test worker and shared by every test
 * file it runs, behind the SQLite cache (so an unchanged rerun calls no model). A model that is
 * not on this machine rejects with the `models pull` message; `checkEvalModels` in a vitest
 * `globalSetup` reports that once for the whole run instead.
 *
 * @example
 * const { llm, embeddings } = await sharedModels({ llm: "qwen2.5-0.5b-instruct" });
 */
export function sharedModels(options: SharedModelsOptions = {}): Promise<SharedModels> {
  const key = JSON.stringify(options);
  return workerStore().share(key, () => load(options));
}

/**
 * Checks, without loading them, that the models a suite names are on this machine: use it in a vitest
 * `globalSetup`, so a missing judge is one clear error before any test runs, not one per test.
 *
 * @example
 * // vitest.global-setup.ts
 * export default () => checkEvalModels({ llm: "qwen2.5-0.5b-instruct" });
 */
export async function checkEvalModels(options: SharedModelsOptions = {}): Promise<void> {
  if (options.llm !== undefined)
    await resolveModel(options.llm, { kind: "llm", modelsDir: options.modelsDir });
  await resolveModel(options.embeddings ?? defaultModelId("embedding"), {
    kind: "embedding",
    modelsDir: options.modelsDir,
  });
}
