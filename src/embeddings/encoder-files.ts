import { existsSync } from "node:fs";
import { loadRegistry, type ModelRegistry } from "../models/registry.js";
import type { ResolvedModel } from "../models/resolved-model.js";
import { cliCommand } from "../util/cli-command.js";
import type { TransformersEmbeddingsOptions } from "./load-options.js";
import { defaultRecovery } from "./model-directory.js";

export { pinnedDigestCheck } from "../models/pinned-digest.js";

/** The registry to look `model` up in; undefined when the package registry is unreadable and `model` is a path. */
export function registryFor(options: TransformersEmbeddingsOptions): ModelRegistry | undefined {
  if (options.registry) return options.registry;
  try {
    return loadRegistry();
  } catch (err) {
    // A broken package registry must not stop loading a directory the user named; without one, report it.
    if (typeof options.model !== "string" || existsSync(options.model)) return undefined;
    throw err;
  }
}

/** What to do about a damaged file of `model`: pull or rebuild it for a registry model, else copy it again. */
export function recoveryAdvice(model: ResolvedModel | undefined): string {
  if (model?.entry === undefined) return defaultRecovery;
  if (model.location === "builtin") {
    return "reinstall airgap-eval to rebuild it (in a checkout: node --import tsx scripts/build-starter-model.ts --force)";
  }
  return `delete ${model.dir}, run "${cliCommand()} models pull ${model.id}" on a connected machine and copy the folder it prints here again`;
}
