import { Cache } from "../cache/cache.js";
import { cacheNamespaces } from "../cache/keys.js";
import { CachedEmbeddings } from "../embeddings/cached-embeddings.js";
import {
  type EmbeddingsIdentity,
  embeddingsIdentity,
  LazyEmbeddings,
} from "../embeddings/lazy-embeddings.js";
import { EMBEDDING_RUNTIMES } from "../embeddings/runtime-versions.js";
import type { Embeddings } from "../embeddings/types.js";
import { CachedLlm } from "../llm/cached-llm.js";
import { LazyLlm, type LlmIdentity, llmIdentity } from "../llm/lazy-llm.js";
import type { Llm } from "../llm/types.js";
import { defaultModelId, resolveModel } from "../models/resolve.js";
import type { ResolvedModel } from "../models/resolved-model.js";
import { SharedCalls } from "../util/shared-calls.js";
import { RememberedIdentity } from "./remembered-models.js";

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
   * SQLite cache of judge answers and vectors, so an unchanged rerun calls no model and loads none: a file path,
   * or false (every model is then loaded at once). Defaults to `$AIRGAP_EVAL_CACHE`, else the user cache
   * directory's cache.sqlite.
   */
  cache?: string | false;
}

/** Work done by the shared models of one worker. */
export interface SharedModelsStats {
  /** Calls that reached the judge model. */
  judgeCalls: number;
  /** Judge answers and vectors found in the cache. */
  cacheHits: number;
  /** Judge answers and vectors not in the cache (each one a model call). */
  cacheMisses: number;
  /** Whether the judge was loaded: false while every judge call was answered from the cache. */
  judgeLoaded: boolean;
  /** Whether the embedder was loaded: false while every vector came from the cache. */
  embeddingsLoaded: boolean;
}

/** The shared models of one worker. */
export interface SharedModels {
  /** The judge, behind the cache when one is used. */
  llm?: Llm;
  /** The embedder, behind the cache when one is used. */
  embeddings?: Embeddings;
  /** Work done in this worker so far: judge calls, cache hits and misses, and which models were loaded. */
  stats(): SharedModelsStats;
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

/** How one kind of model is wrapped lazily: the runtime packages its identity depends on, and its lazy wrapper. */
interface LazyKind<M, I> {
  runtimes: readonly string[];
  identityOf: (m: M) => I;
  lazy: (identity: I, load: () => Promise<M>, onLoad: (m: M) => void) => M;
}

const lazyJudge: LazyKind<Llm, LlmIdentity> = {
  runtimes: ["node-llama-cpp"],
  identityOf: llmIdentity,
  lazy: (identity, load, onLoad) => new LazyLlm(identity, load, onLoad),
};

const lazyEmbeddings: LazyKind<Embeddings, EmbeddingsIdentity> = {
  runtimes: EMBEDDING_RUNTIMES,
  identityOf: embeddingsIdentity,
  lazy: (identity, load, onLoad) => new LazyEmbeddings(identity, load, onLoad),
};

/**
 * A model for use behind the cache, loaded when a call misses it: wrapped lazily when its identity is remembered
 * from an earlier load, else loaded now (and its identity remembered for the next run).
 */
async function lazily<M, I>(
  kind: LazyKind<M, I>,
  cache: Cache,
  model: ResolvedModel,
  options: Record<string, unknown>,
  load: () => Promise<M>,
): Promise<M> {
  const memory = new RememberedIdentity<I>(cache, model, kind.runtimes, options);
  const remember = (m: M) => memory.set(kind.identityOf(m));
  const known = memory.get();
  if (known !== undefined) return kind.lazy(known, load, remember);
  const loaded = await load();
  remember(loaded);
  return loaded;
}

async function load(options: SharedModelsOptions): Promise<SharedModels> {
  const cache =
    options.cache === false ? undefined : Cache.open(options.cache ? { path: options.cache } : {});
  const loaded: { judge?: { stats(): { calls: number } }; embeddings?: Embeddings } = {};
  const out: SharedModels = {
    stats: () => {
      const c = cache?.stats().byNamespace ?? {};
      const answers = [c[cacheNamespaces.llm], c[cacheNamespaces.embedding]];
      return {
        judgeCalls: loaded.judge?.stats().calls ?? 0,
        cacheHits: answers.reduce((n, a) => n + (a?.hits ?? 0), 0),
        cacheMisses: answers.reduce((n, a) => n + (a?.misses ?? 0), 0),
        judgeLoaded: loaded.judge !== undefined,
        embeddingsLoaded: loaded.embeddings !== undefined,
      };
    },
  };
  if (options.llm !== undefined) {
    const model = await resolveModel(options.llm, { kind: "llm", modelsDir: options.modelsDir });
    const loadOptions = options.threads !== undefined ? { threads: options.threads } : {};
    const loadJudge = async (): Promise<Llm> => {
      const { LlamaCppLlm } = await import("../llm/llama-cpp-llm.js");
      const llm = await LlamaCppLlm.load({ model, ...loadOptions });
      loaded.judge = llm;
      return llm;
    };
    out.llm = cache
      ? new CachedLlm(await lazily(lazyJudge, cache, model, loadOptions, loadJudge), cache)
      : await loadJudge();
  }
  const embeddingId = options.embeddings ?? defaultModelId("embedding");
  const model = await resolveModel(embeddingId, { kind: "embedding", modelsDir: options.modelsDir });
  const loadEmbeddings = async (): Promise<Embeddings> => {
    const { TransformersEmbeddings } = await import("../embeddings/transformers-embeddings.js");
    const embeddings = await TransformersEmbeddings.load({ model });
    loaded.embeddings = embeddings;
    return embeddings;
  };
  out.embeddings = cache
    ? new CachedEmbeddings(await lazily(lazyEmbeddings, cache, model, {}, loadEmbeddings), cache)
    : await loadEmbeddings();
  return out;
}

/**
 * The judge and embedder for evaluation tests, shared by every test file of a test worker, behind the SQLite cache:
 * an unchanged rerun calls no model, and loads none either, since with the cache each model is loaded at its first
 * call that misses it (its identity, which the cache keys need, is remembered from its last load). Without the cache,
 * or on the first run, they are loaded here, once per worker. A model that is
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
