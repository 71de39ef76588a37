import { statSync } from "node:fs";
import os from "node:os";
import type { Cache } from "../cache/cache.js";
import { cacheKey, cacheNamespaces } from "../cache/keys.js";
import type { ResolvedModel } from "../models/resolved-model.js";
import { installedVersion } from "../util/installed-version.js";
import { version } from "../version.js";

/**
 * The key under which a model's identity is remembered: everything its provenance can depend on, read without
 * loading it: each file's path, size and modification time (a changed file is a new model), the load options,
 * the versions of airgap-eval and of each runtime package, and the machine (platform, CPU, core count: the CPU
 * build and the default thread count follow from them).
 */
function identityKey(
  model: ResolvedModel,
  runtimes: readonly string[],
  options: Record<string, unknown>,
): string {
  return cacheKey({
    v: 1,
    model: model.id,
    kind: model.kind,
    files: model.files.map((f) => {
      const info = statSync(f.absolutePath);
      return [f.absolutePath, info.size, info.mtimeMs];
    }),
    options,
    airgapEval: version,
    // One runtime gives the key `[name, version]` it always had.
    runtime: runtimes.flatMap((name) => [name, installedVersion(name)]),
    machine: [process.platform, process.arch, os.cpus()[0]?.model ?? "", os.availableParallelism()],
  });
}

/**
 * A model's identity remembered in the cache from its last load, so that a later run can key cache look-ups on
 * it and load the model only when a look-up misses (`LazyLlm`, `LazyEmbeddings`).
 *
 * @example
 * const memory = new RememberedIdentity<LlmIdentity>(cache, model, ["node-llama-cpp"], { threads });
 * const known = memory.get(); // undefined on the first run
 */
export class RememberedIdentity<T> {
  private readonly key: string;

  constructor(
    private readonly cache: Cache,
    model: ResolvedModel,
    /** The packages whose versions the model's outputs depend on. */
    runtimes: readonly string[],
    options: Record<string, unknown>,
  ) {
    this.key = identityKey(model, runtimes, options);
  }

  /** The identity stored by the last load, or undefined. */
  get(): T | undefined {
    return this.cache.getJson<T>(cacheNamespaces.modelIdentity, this.key);
  }

  /** Stores the identity of a model just loaded, in place of the one remembered. */
  set(identity: T): void {
    this.cache.replaceJson(cacheNamespaces.modelIdentity, this.key, identity);
  }
}
