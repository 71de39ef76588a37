import os from "node:os";
import path from "node:path";

/** Environment variable naming the models directory. */
export const MODELS_DIR_ENV = "AIRGAP_EVAL_MODELS";

/** Where the models directory setting came from. */
export type ModelsDirSource = "option" | "env" | "cache";

/** One candidate models directory, in resolution order. */
export interface ModelsDirCandidate {
  /** Absolute path. */
  dir: string;
  /** `option` (`modelsDir` / `--models-dir`), `env` (`AIRGAP_EVAL_MODELS`) or `cache` (the user cache directory). */
  from: ModelsDirSource;
}

/** Inputs for finding the models directory. */
export interface ModelsDirOptions {
  /** Explicit models directory (`--models-dir`). A leading `~/` means the home directory. Defaults to none. */
  modelsDir?: string;
  /** Environment to read `AIRGAP_EVAL_MODELS`, `XDG_CACHE_HOME` and `LOCALAPPDATA` from. Defaults to `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Platform whose cache convention applies. Defaults to `process.platform`. */
  platform?: NodeJS.Platform;
  /** Home directory. Defaults to `os.homedir()`. */
  homeDir?: string;
}

/**
 * The per-user cache folder for models: `$XDG_CACHE_HOME/airgap-eval/models` (or `~/.cache/...`) on
 * Linux and other Unixes, `~/Library/Caches/airgap-eval/models` on macOS, `%LOCALAPPDATA%\airgap-eval\models`
 * on Windows.
 *
 * @example
 * userCacheModelsDir(); // "/home/me/.cache/airgap-eval/models"
 */
export function userCacheModelsDir(options: Omit<ModelsDirOptions, "modelsDir"> = {}): string {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const home = options.homeDir ?? os.homedir();
  const p = platform === "win32" ? path.win32 : path.posix;
  if (platform === "win32") {
    const local = env.LOCALAPPDATA;
    const base = local && p.isAbsolute(local) ? local : p.join(home, "AppData", "Local");
    return p.join(base, "airgap-eval", "models");
  }
  if (platform === "darwin") return p.join(home, "Library", "Caches", "airgap-eval", "models");
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && p.isAbsolute(xdg) ? xdg : p.join(home, ".cache");
  return p.join(base, "airgap-eval", "models");
}

/** Expands a leading `~/` and makes the path absolute. */
export function expandDir(dir: string, homeDir: string = os.homedir()): string {
  if (dir === "~") return homeDir;
  if (dir.startsWith("~/") || dir.startsWith("~\\")) return path.join(homeDir, dir.slice(2));
  return path.resolve(dir);
}

/**
 * The models directories to search, in order: the `modelsDir` option, then `AIRGAP_EVAL_MODELS`, then the
 * user cache directory. Duplicates are dropped. The first one is where `pull` writes.
 *
 * @example
 * modelsDirCandidates({ modelsDir: "./models" })[0].dir; // "/abs/path/models"
 */
export function modelsDirCandidates(options: ModelsDirOptions = {}): ModelsDirCandidate[] {
  const env = options.env ?? process.env;
  const home = options.homeDir ?? os.homedir();
  const out: ModelsDirCandidate[] = [];
  const add = (dir: string, from: ModelsDirSource) => {
    if (!out.some((c) => c.dir === dir)) out.push({ dir, from });
  };
  if (options.modelsDir) add(expandDir(options.modelsDir, home), "option");
  const fromEnv = env[MODELS_DIR_ENV];
  if (fromEnv) add(expandDir(fromEnv, home), "env");
  add(userCacheModelsDir({ ...options, env, homeDir: home }), "cache");
  return out;
}

/**
 * The models directory `pull` writes into and that error messages tell users to copy into:
 * the first of {@link modelsDirCandidates}.
 *
 * @example
 * primaryModelsDir({ env: { AIRGAP_EVAL_MODELS: "/srv/models" } }); // "/srv/models"
 */
export function primaryModelsDir(options: ModelsDirOptions = {}): ModelsDirCandidate {
  const first = modelsDirCandidates(options)[0];
  if (first === undefined) throw new Error("unreachable: the cache directory is always a candidate");
  return first;
}

/** Folder of one model inside a models directory: `<modelsDir>/<id>` (an id may hold one `/`). */
export function modelDirIn(modelsDir: string, id: string): string {
  return path.join(modelsDir, ...id.split("/"));
}

/** Describes where a candidate came from, for messages. */
export function describeSource(from: ModelsDirSource): string {
  switch (from) {
    case "option":
      return "--models-dir";
    case "env":
      return MODELS_DIR_ENV;
    case "cache":
      return "user cache";
  }
}
