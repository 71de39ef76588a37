import { errorFirstLine } from "../util/error-text.js";
import { getSharedLlama } from "./llama-instance.js";
import { importNodeLlamaCpp } from "./node-llama-cpp.js";

/** A GPU backend of llama.cpp. */
export type GpuBackend = "cuda" | "vulkan" | "metal";

/** Whether the judge could run on a GPU here, and what `gpu: "auto"` would start. */
export interface GpuAvailability {
  /** GPU backends whose drivers and libraries node-llama-cpp finds on this machine (`getLlamaGpuTypes("supported")`). */
  detected: GpuBackend[];
  /** The backend `gpu: "auto"` starts: a GPU backend, or false for the CPU. */
  auto: GpuBackend | false;
  /** Total and free memory of that GPU in bytes; absent on the CPU. */
  vram?: { total: number; free: number };
  /** Why a detected backend did not start, when none did. */
  failure?: string;
}

/**
 * Checks which GPU backend the judge could use, without building or downloading anything: the backends whose drivers
 * node-llama-cpp detects, and, when there is one, the backend `gpu: "auto"` actually starts (the prebuilt binary
 * must load) with its memory. On a machine without a GPU this loads nothing.
 *
 * @example
 * const gpu = await gpuAvailability();
 * console.log(describeGpuAvailability(gpu));
 */
export async function gpuAvailability(): Promise<GpuAvailability> {
  const detected = (await (await importNodeLlamaCpp()).getLlamaGpuTypes("supported")).filter(
    (t): t is GpuBackend => t !== false,
  );
  if (detected.length === 0) return { detected, auto: false };
  try {
    const llama = await getSharedLlama("auto");
    if (llama.gpu === false) return { detected, auto: false };
    const { total, free } = await llama.getVramState();
    return { detected, auto: llama.gpu, vram: { total, free } };
  } catch (err) {
    return {
      detected,
      auto: false,
      failure: errorFirstLine(err),
    };
  }
}

function gigabytes(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/**
 * One paragraph for `airgap-eval bench`: whether a GPU backend is available and what `--gpu auto` would change.
 *
 * @example
 * describeGpuAvailability({ detected: [], auto: false });
 * // "GPU: none available (node-llama-cpp finds no CUDA, Vulkan or Metal driver on this machine); --gpu auto would run the judge on the CPU, as without it."
 */
export function describeGpuAvailability(gpu: GpuAvailability): string {
  if (gpu.auto !== false) {
    const memory = gpu.vram ? ` (${gigabytes(gpu.vram.total)} VRAM, ${gigabytes(gpu.vram.free)} free)` : "";
    return (
      `GPU: ${gpu.auto} available${memory}; --gpu auto would offload every judge layer that fits to ${gpu.auto}. ` +
      "The backend and the offloaded layers then enter the provenance, so config hashes and cache keys differ from " +
      "CPU runs (GPU numerics are not byte-identical to the CPU's). The default stays the CPU."
    );
  }
  if (gpu.detected.length > 0) {
    return (
      `GPU: ${gpu.detected.join(", ")} driver found, but no GPU backend started${gpu.failure ? ` (${gpu.failure})` : ""}; ` +
      "--gpu auto would run the judge on the CPU, as without it."
    );
  }
  return (
    "GPU: none available (node-llama-cpp finds no CUDA, Vulkan or Metal driver on this machine); " +
    "--gpu auto would run the judge on the CPU, as without it."
  );
}
