import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { Cache } from "../cache/cache.js";
import { cacheKey, cacheNamespaces } from "../cache/keys.js";
import type { ResolvedModel } from "../models/resolved-model.js";
import { version } from "../version.js";

/**
 * The version of an installed package, read from its package.json without importing it (importing node-llama-cpp
 * alone takes about a second), or "unknown".
 */
function installedVersion(pkg: string): string {
  try {
    const require = createRequire(import.meta.url);
    let dir = path.dirname(require.resolve(pkg));
    while (path.basename(dir) !== pkg && path.dirname(dir) !== dir) dir = path.dirname(dir);
    return (
      (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version?: string }).version ??
      "unknown"
    );
  } catch {
    return "unknown";
  }
}

/**
 * The key under which a model's identity is remembered: everything its provenance can depend on, read without
 * loading it: each file's path, size and modification time (a changed file is a new model), the load options,
 * the versions of airgap-eval and of the runtime package, and the machine (platform, CPU, core count: the CPU
 * build and the default thread count follow from them).
 */
function identityKey(model: ResolvedModel, runtime: string, options: Record<string, unknown>): string {
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
    runtime: [runtime, installedVersion(runtime)],
    machine: [process.platform, process.arch, os.cpus()[0]?.model ?? "", os.availableParallelism()],
  });
}

/**
 * A model's identity remembered in the cache from its last load, so that a later run can key cache look-ups on
 * it and load the model only when a look-up misses (`LazyLlm`, `LazyEmbeddings`).
 *
 * @example
 * const memory = new RememberedIdentity<LlmIdentity>(cache, model, "node-llama-cpp", { threads });
 * const known = memory.get(); // undefined on the first run
 */
export class RememberedIdentity<T> {
  private readonly key: string;

  constructor(
    private readonly cache: Cache,
    model: ResolvedModel,
    runtime: string,
    options: Record<string, unknown>,
  ) {
    this.key = identityKey(model, runtime, options);
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
