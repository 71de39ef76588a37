// node-llama-cpp, imported when a judge is first started, never when airgap-eval is imported: its entry has a
// top-level await (it reads its llama.cpp release at import), and Node refuses to require() an ES module graph with
// one (ERR_REQUIRE_ASYNC_MODULE), so a static import here would keep CommonJS projects from `require("airgap-eval")`.
// Importing it also takes about a second. Type-only imports of node-llama-cpp stay static: they vanish at build.

type NodeLlamaCpp = typeof import("node-llama-cpp");

let loading: Promise<NodeLlamaCpp> | undefined;
let loaded: NodeLlamaCpp | undefined;

/**
 * node-llama-cpp's module, imported on the first call and shared after.
 *
 * @example
 * const { getLlama } = await importNodeLlamaCpp();
 */
export function importNodeLlamaCpp(): Promise<NodeLlamaCpp> {
  loading ??= import("node-llama-cpp").then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/**
 * node-llama-cpp's module for code that runs only once a model is loaded (so {@link importNodeLlamaCpp} has
 * resolved): its classes, synchronously. Throws when it was never imported.
 *
 * @example
 * const { LlamaText } = loadedNodeLlamaCpp();
 */
export function loadedNodeLlamaCpp(): NodeLlamaCpp {
  if (loaded === undefined) throw new Error("node-llama-cpp is used before a model was loaded through it");
  return loaded;
}
