import type { Llama } from "node-llama-cpp";
import { AirgapEvalError } from "../errors.js";
import { SharedCalls } from "../util/shared-calls.js";
import {
  CPU_BINARY_PACKAGES,
  type CpuBuildOption,
  chooseCpuBuild,
  confirmCpuBuild,
  findPrebuiltCpuBinary,
  loadedCpuBuilds,
  registerCpuBuild,
} from "./cpu-build.js";
import type { GpuOption } from "./load-options.js";
import { importNodeLlamaCpp } from "./node-llama-cpp.js";

/** The llama.cpp CPU build a started runtime runs on, and the `cpuBuild` option it was started with. */
interface RunningCpuBuild {
  /** The CPU build's name (`haswell`, `zen4`, ...; `generic` where node-llama-cpp ships one build). */
  name: string;
  option: CpuBuildOption;
}

/** One instance per requested backend: the CPU one, "auto", and each named GPU backend. */
const shared = new SharedCalls<string, Llama>("until-failure");
const cpuBuilds = new WeakMap<Llama, RunningCpuBuild>();

/**
 * The name of the llama.cpp CPU build that `llama` (from {@link getSharedLlama}) runs on: `haswell`, `zen4`, ...,
 * `generic` where node-llama-cpp ships one build, `unknown` where it could not be told.
 */
export function cpuBuildOf(llama: Llama): string {
  return cpuBuilds.get(llama)?.name ?? "unknown";
}

/**
 * The one node-llama-cpp `Llama` instance of this process: the prebuilt CPU binary, never a
 * build and never a download. Warnings and errors of llama.cpp are logged; info output is not.
 * When no prebuilt binary can be used, throws an `AirgapEvalError` saying which binaries exist and
 * how to install the right one; a later call tries again.
 *
 * `cpuBuild` chooses which of llama.cpp's CPU builds runs (see {@link CpuBuildOption}; default `"portable"`, the
 * same build on every machine of an architecture). A process runs one CPU build: asking for another one once the
 * runtime has started throws an `AirgapEvalError`.
 *
 * `gpu` asks for a GPU instance instead, kept apart from the CPU one (a process can hold both): `"auto"` is
 * node-llama-cpp's choice of the first prebuilt GPU binary that starts, else the CPU; a named backend must start,
 * otherwise the error names the backend, the binary package it needs and what the machine lacks. GPU instances
 * run on the CPU build ggml picks.
 *
 * @example
 * const llama = await getSharedLlama();
 * cpuBuildOf(llama); // "haswell" on any x86-64 CPU with AVX2
 * const gpu = await getSharedLlama("cuda");
 */
export function getSharedLlama(
  gpu: GpuOption = false,
  cpuBuild: CpuBuildOption = "portable",
): Promise<Llama> {
  const key = String(gpu);
  const running = shared.held(key);
  if (running) return gpu === false ? running.then((started) => sameCpuBuild(started, cpuBuild)) : running;
  return shared.share(key, () => startLlama(gpu, cpuBuild));
}

/** The process's CPU runtime runs one build (ggml registers it for the whole process): `option` must give it. */
function sameCpuBuild(llama: Llama, option: CpuBuildOption): Llama {
  const running = cpuBuilds.get(llama);
  if (running === undefined || option === running.option) return llama;
  if (option !== "fastest" && chooseCpuBuild(option, findPrebuiltCpuBinary()).pinned?.name === running.name) {
    return llama;
  }
  throw new AirgapEvalError(
    `This process already runs llama.cpp's ${running.name} CPU build (cpuBuild ${JSON.stringify(running.option)}), ` +
      `so cpuBuild ${JSON.stringify(option)} cannot run in it: ggml registers one CPU build for a whole process. ` +
      "Use the same cpuBuild for every judge of a process, or run the other judge in a process of its own.",
  );
}

async function startLlama(gpu: GpuOption, cpuBuildOption: CpuBuildOption): Promise<Llama> {
  const binary = gpu === false ? findPrebuiltCpuBinary() : undefined;
  const choice = gpu === false ? chooseCpuBuild(cpuBuildOption, binary) : { fallback: true };
  let llama: Llama;
  try {
    if (
      binary !== undefined &&
      choice.pinned !== undefined &&
      !loadedCpuBuilds().includes(choice.pinned.name)
    ) {
      registerCpuBuild(binary, choice.pinned.file);
    }
    const { getLlama, LlamaLogLevel } = await importNodeLlamaCpp();
    llama = await getLlama({
      gpu,
      build: "never",
      skipDownload: true,
      progressLogs: false,
      logLevel: LlamaLogLevel.error,
    });
    if (gpu !== false && gpu !== "auto" && llama.gpu !== gpu) {
      throw new Error(`node-llama-cpp started the ${llama.gpu || "CPU"} backend instead`);
    }
  } catch (err) {
    throw gpu === false || gpu === "auto" ? runtimeUnavailable(err) : gpuUnavailable(gpu, err);
  }
  cpuBuilds.set(llama, {
    name: confirmCpuBuild(choice, cpuBuildOption, loadedCpuBuilds()),
    option: cpuBuildOption,
  });
  return llama;
}

/** Where node-llama-cpp 3.21.1 keeps the prebuilt binary of a GPU backend for this platform, as a phrase. */
function gpuBinary(backend: "cuda" | "vulkan" | "metal"): string {
  const platform = `${process.platform}-${process.arch}`;
  const packages: Record<string, string> = {
    "metal:darwin-arm64": "@node-llama-cpp/mac-arm64-metal",
    "cuda:linux-x64": "@node-llama-cpp/linux-x64-cuda",
    "vulkan:linux-x64": "@node-llama-cpp/linux-x64-vulkan",
    "cuda:win32-x64": "@node-llama-cpp/win-x64-cuda",
    "vulkan:win32-x64": "@node-llama-cpp/win-x64-vulkan",
  };
  const pkg = packages[`${backend}:${platform}`];
  return pkg
    ? `the prebuilt binary package ${pkg} in node_modules (npm installs it with node-llama-cpp unless optional dependencies are omitted)`
    : `a prebuilt ${backend} binary, and node-llama-cpp has none for ${platform}`;
}

function gpuUnavailable(backend: "cuda" | "vulkan" | "metal", cause: unknown): AirgapEvalError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const needs: Record<string, string> = {
    cuda: "an NVIDIA GPU with its driver (libcuda) and the CUDA runtime libraries the binary links to",
    vulkan: "a GPU with a Vulkan driver (libvulkan and an installable client driver)",
    metal: "an Apple silicon Mac",
  };
  return new AirgapEvalError(
    [
      `The ${backend} GPU backend of llama.cpp could not start on this machine (${process.platform}-${process.arch}): ${reason}`,
      `It needs ${needs[backend]}, and ${gpuBinary(backend)}. airgap-eval never builds llama.cpp and never ` +
        "downloads at run time.",
      "Run without a GPU (gpu: false, the default; CLI: leave out --gpu) or use --gpu auto to fall back to the CPU.",
    ].join("\n"),
    { cause },
  );
}

function runtimeUnavailable(cause: unknown): AirgapEvalError {
  const platform = `${process.platform}-${process.arch}`;
  const pkg = CPU_BINARY_PACKAGES[platform];
  const reason = cause instanceof Error ? cause.message : String(cause);
  const lines = [
    `The llama.cpp runtime (node-llama-cpp) could not start on this machine (${platform}): ${reason}`,
    "airgap-eval only uses the prebuilt llama.cpp binaries that npm installs with node-llama-cpp; it never builds " +
      "llama.cpp from source and never downloads anything at run time.",
    "Prebuilt CPU binaries exist for Linux x64, arm64, armv7l and riscv64 (glibc distributions; not Alpine/musl), " +
      "macOS arm64 and x64, and Windows x64 and arm64.",
  ];
  if (pkg) {
    lines.push(
      `This platform's binary is the optional npm package ${pkg}. Run "npm ci" (or "npm install") on a machine with ` +
        "the same operating system and CPU architecture, with optional dependencies enabled (no --omit=optional or " +
        `--no-optional), and check that node_modules/${pkg} exists. Do not copy node_modules from a machine of ` +
        "another platform; on Linux, use a glibc distribution (e.g. Debian or Ubuntu), not Alpine.",
    );
  } else {
    lines.push(
      `No prebuilt binary exists for ${platform}; run airgap-eval's judge metrics on one of the platforms above ` +
        "(embedding metrics do not need llama.cpp).",
    );
  }
  return new AirgapEvalError(lines.join("\n"), { cause });
}
