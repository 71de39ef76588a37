import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { AirgapEvalError, InvalidInputError } from "../errors.js";

/**
 * Which of llama.cpp's CPU builds runs a judge on the CPU.
 *
 * node-llama-cpp ships one CPU build of llama.cpp per instruction-set level (on x86-64: `x64`, `sse42`,
 * `sandybridge`, `haswell`, `skylakex`, `icelake`, `zen4`, ...), and ggml loads the best one the host can run.
 * Their kernels round differently (AVX-512 builds sum in 16 lanes, AVX2 builds in 8), so a greedy token, a
 * probability and every number after it can change from one CPU to another.
 *
 * - `"portable"`: one build per architecture, the same on every machine of it: `haswell` (AVX2, FMA, F16C) on
 *   x86-64, `armv8.0_1` on Linux arm64, `apple_m1` on Apple silicon. A machine that cannot run it (an x86-64 CPU
 *   without AVX2) falls back to the best build it can run, and its results record that build.
 * - `"fastest"`: the build ggml picks for this CPU (node-llama-cpp's own behaviour); numbers may differ between
 *   CPUs.
 * - A build's name (`"skylakex"`, `"zen4"`, ...): that build, which must exist and run on this CPU.
 *
 * The build that ran is recorded in every result (`settings.cpuBuild` of the judge's provenance), so results and
 * cache entries of two builds are never mixed.
 */
export type CpuBuildOption = "portable" | "fastest" | (string & {});

/** The build `"portable"` pins, by `${process.platform}-${process.arch}`; platforms with one build have none. */
export const PORTABLE_CPU_BUILDS: Readonly<Record<string, string>> = {
  "linux-x64": "haswell",
  "darwin-x64": "haswell",
  "win32-x64": "haswell",
  "linux-arm64": "armv8.0_1",
  "darwin-arm64": "apple_m1",
};

/** `libggml-cpu-haswell.so`, `ggml-cpu-haswell.dll`, and the single-build `ggml-cpu.dll` (name "generic"). */
const CPU_BUILD_FILE = /^(?:lib)?ggml-cpu(?:-([\w.]+))?\.(?:so|dll|dylib)$/;

/** The name of the CPU build in a library file's name, or undefined when it is not a CPU build of ggml. */
export function cpuBuildOfFile(file: string): string | undefined {
  const match = CPU_BUILD_FILE.exec(file.split(/[\\/]/).pop() ?? "");
  return match ? (match[1] ?? "generic") : undefined;
}

/** Why `value` is not a `cpuBuild` option, or undefined when it is one. */
export function cpuBuildProblem(value: unknown): string | undefined {
  if (typeof value === "string" && /^[\w.]+$/.test(value)) return undefined;
  return `must be "portable", "fastest" or the name of one of llama.cpp's CPU builds (e.g. "haswell"), got ${JSON.stringify(value)}`;
}

/** Checks a `cpuBuild` option: "portable", "fastest" or a build name. Throws `InvalidInputError` naming `field`. */
export function checkCpuBuildOption(value: unknown, field: string): CpuBuildOption {
  const problem = cpuBuildProblem(value);
  if (problem !== undefined) throw new InvalidInputError(problem, { field });
  return value as CpuBuildOption;
}

/** The folder of node-llama-cpp's prebuilt CPU binary for this platform, and the CPU builds in it. */
export interface PrebuiltCpuBinary {
  /** Folder holding `llama-addon.node` and the `ggml-cpu-*` libraries. */
  folder: string;
  /** Build name -> library file. */
  builds: Map<string, string>;
}

/** npm packages of node-llama-cpp 3.21.1's prebuilt CPU binaries, by `${process.platform}-${process.arch}`. */
export const CPU_BINARY_PACKAGES: Readonly<Record<string, string>> = {
  "linux-x64": "@node-llama-cpp/linux-x64",
  "linux-arm64": "@node-llama-cpp/linux-arm64",
  "linux-arm": "@node-llama-cpp/linux-armv7l",
  "linux-riscv64": "@node-llama-cpp/linux-riscv64",
  "darwin-arm64": "@node-llama-cpp/mac-arm64-metal",
  "darwin-x64": "@node-llama-cpp/mac-x64",
  "win32-x64": "@node-llama-cpp/win-x64",
  "win32-arm64": "@node-llama-cpp/win-arm64",
};

/**
 * Finds node-llama-cpp's prebuilt CPU binary for this platform (the package node-llama-cpp itself loads), or
 * undefined when it is not installed (node-llama-cpp then reports the missing binary in its own words).
 */
export function findPrebuiltCpuBinary(): PrebuiltCpuBinary | undefined {
  const pkg = CPU_BINARY_PACKAGES[`${process.platform}-${process.arch}`];
  if (pkg === undefined) return undefined;
  let binsDir: string;
  try {
    // Resolved from node-llama-cpp's own location, as node-llama-cpp resolves it.
    const fromNodeLlamaCpp = createRequire(createRequire(import.meta.url).resolve("node-llama-cpp"));
    // The package exports only its entry, dist/index.js; the binaries sit in bins/ beside dist/.
    binsDir = path.join(path.dirname(fromNodeLlamaCpp.resolve(pkg)), "..", "bins");
  } catch {
    return undefined;
  }
  for (const entry of safeReaddir(binsDir)) {
    const folder = path.join(binsDir, entry);
    const files = safeReaddir(folder);
    if (!files.includes("llama-addon.node")) continue;
    const builds = new Map<string, string>();
    for (const file of files) {
      const build = cpuBuildOfFile(file);
      if (build !== undefined) builds.set(build, path.join(folder, file));
    }
    return { folder, builds };
  }
  return undefined;
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/** The part of node-llama-cpp's addon that registers ggml backends (see `addonLoadBackends` in its sources). */
interface BackendLoader {
  setEnv(name: string, value: string | undefined): boolean;
  loadBackends(forceLoadLibrariesSearchPath?: string): void;
  setLogger(logger: (level: number, message: string) => void): void;
}

/**
 * Registers `file`, one CPU build, as the process's llama.cpp CPU backend, before node-llama-cpp loads any: the
 * addon then finds a CPU device and loads no other build (node-llama-cpp 3.21.1 loads the best build only when no
 * device is registered). ggml's `GGML_BACKEND_PATH` names the file; the search folder given is one that does not
 * exist, so no other build is looked at. The addon is the very file node-llama-cpp loads next, so both share one
 * ggml registry. Does nothing to a registry that holds a CPU build already (the caller checks what is loaded).
 */
export function registerCpuBuild(binary: PrebuiltCpuBinary, file: string): void {
  const addon = createRequire(import.meta.url)(path.join(binary.folder, "llama-addon.node")) as BackendLoader;
  // ggml reports the load at info level; node-llama-cpp sets its own logger when it takes the addon over.
  addon.setLogger(() => {});
  const previous = process.env.GGML_BACKEND_PATH;
  addon.setEnv("GGML_BACKEND_PATH", file);
  try {
    addon.loadBackends(path.join(binary.folder, "airgap-eval-no-backends-here"));
  } finally {
    addon.setEnv("GGML_BACKEND_PATH", previous);
  }
}

/**
 * The ggml CPU builds loaded into this process, by name, read from the shared libraries the process has mapped
 * (Node's diagnostic report, on Linux, macOS and Windows).
 */
export function loadedCpuBuilds(): string[] {
  const report = process.report?.getReport() as { sharedObjects?: string[] } | undefined;
  const builds = (report?.sharedObjects ?? [])
    .map((file) => cpuBuildOfFile(file))
    .filter((build): build is string => build !== undefined);
  return [...new Set(builds)];
}

/** What {@link chooseCpuBuild} decided: the file to register first, or none (let ggml choose). */
export interface CpuBuildChoice {
  /** The build to register before node-llama-cpp loads, when one is pinned. */
  pinned?: { name: string; file: string };
  /** True when the choice may fall back to ggml's own when the pinned build cannot run here. */
  fallback: boolean;
}

/**
 * Decides which build to register for `option` from the builds the binary ships. Throws `InvalidInputError` for
 * a build name that the binary does not ship.
 */
export function chooseCpuBuild(
  option: CpuBuildOption,
  binary: PrebuiltCpuBinary | undefined,
): CpuBuildChoice {
  if (option === "fastest") return { fallback: true };
  if (option === "portable") {
    const name = PORTABLE_CPU_BUILDS[`${process.platform}-${process.arch}`];
    const file = name === undefined ? undefined : binary?.builds.get(name);
    return file === undefined || name === undefined
      ? { fallback: true }
      : { pinned: { name, file }, fallback: true };
  }
  const file = binary?.builds.get(option);
  if (file === undefined) {
    const names = [...(binary?.builds.keys() ?? [])];
    throw new InvalidInputError(
      `llama.cpp has no CPU build named "${option}" for ${process.platform}-${process.arch}` +
        (names.length > 0
          ? `; the builds here are ${names.join(", ")}`
          : "; node-llama-cpp ships one build here") +
        `. Use "portable" (the default) or "fastest".`,
      { field: "cpuBuild" },
    );
  }
  return { pinned: { name: option, file }, fallback: false };
}

/**
 * The CPU build node-llama-cpp runs on after loading, checked against the choice. Throws `AirgapEvalError` when
 * the process holds another build first (node-llama-cpp was started before airgap-eval could pin the build) or
 * when an explicitly named build cannot run on this CPU.
 */
export function confirmCpuBuild(choice: CpuBuildChoice, option: CpuBuildOption, loaded: string[]): string {
  const pinned = choice.pinned?.name;
  if (pinned !== undefined && loaded.length === 1 && loaded[0] === pinned) return pinned;
  if (pinned !== undefined && loaded.length > 1) {
    throw new AirgapEvalError(
      `This process has several llama.cpp CPU builds loaded (${loaded.join(", ")}), so the judge would not run on ` +
        `the ${pinned} build asked for (cpuBuild: ${JSON.stringify(option)}). Another use of node-llama-cpp in this ` +
        "process loaded a CPU build before airgap-eval could choose one: load airgap-eval's judges first, or run " +
        'them in a process of their own, or pass cpuBuild: "fastest" to accept the build that is loaded.',
    );
  }
  if (pinned !== undefined && !choice.fallback) {
    throw new AirgapEvalError(
      `llama.cpp's ${pinned} CPU build cannot run on this CPU (${loaded.length > 0 ? `${loaded.join(", ")} was loaded instead` : "it needs instructions this CPU lacks"}). ` +
        'Use cpuBuild "portable" (the default) or "fastest", or a build for an older CPU.',
    );
  }
  // "fastest", or "portable" falling back on a CPU that cannot run the portable build.
  return loaded[0] ?? "unknown";
}
