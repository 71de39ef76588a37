// The judge's `gpu` option (issue 14): validation, the CLI flag, the error when a named backend cannot start, and
// "auto" falling back to the CPU with the same provenance. This machine has no GPU: the GPU path itself is untested.
import { afterAll, describe, expect, it } from "vitest";
import { gpuFlag } from "../src/cli/option-parsers.js";
import { AirgapEvalError, InvalidInputError } from "../src/errors.js";
import { describeGpuAvailability, gpuAvailability } from "../src/llm/gpu-availability.js";
import { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import { checkGpuOption, checkLoadOptions } from "../src/llm/load-options.js";
import { tinyGgufPath } from "./setup/paths.js";

describe("gpu option", () => {
  it("accepts false, auto and the three backends, and names the field otherwise", () => {
    for (const ok of [false, "auto", "cuda", "vulkan", "metal"] as const)
      expect(checkGpuOption(ok, "gpu")).toBe(ok);
    for (const bad of [true, "rocm", "", 1, null]) {
      expect(() => checkGpuOption(bad, "gpu")).toThrow(InvalidInputError);
    }
    expect(checkLoadOptions({ modelPath: "x.gguf" }).gpu).toBe(false);
    expect(() => checkLoadOptions({ modelPath: "x.gguf", gpu: "opencl" as never })).toThrow(/gpu/);
    expect(gpuFlag("cuda")).toBe("cuda");
    expect(gpuFlag("off")).toBe(false);
    expect(() => gpuFlag("yes")).toThrow(/--gpu must be one of auto, cuda, vulkan, metal or off/);
  });
});

describe("gpu backends on this machine", () => {
  const loaded: LlamaCppLlm[] = [];
  afterAll(async () => {
    for (const llm of loaded) await llm.dispose();
  });

  it("a named backend that cannot start is an AirgapEvalError naming the backend and what it needs", async () => {
    let cuda: LlamaCppLlm | undefined;
    try {
      cuda = await LlamaCppLlm.load({ modelPath: tinyGgufPath, threads: 1, contextSize: 256, gpu: "cuda" });
    } catch (err) {
      expect(err).toBeInstanceOf(AirgapEvalError);
      expect((err as Error).message).toMatch(/The cuda GPU backend of llama\.cpp could not start/);
      expect((err as Error).message).toMatch(/NVIDIA GPU/);
      expect((err as Error).message).toMatch(/gpu: false/);
    }
    if (cuda) {
      // A machine with CUDA: the backend and the offloaded layers are recorded.
      loaded.push(cuda);
      expect(cuda.provenance().settings).toMatchObject({ gpu: "cuda" });
      expect(typeof cuda.provenance().settings.gpuLayers).toBe("number");
    }
  }, 120_000);

  it('"auto" uses a GPU when one starts, else the CPU with the CPU provenance', async () => {
    const options = { modelPath: tinyGgufPath, threads: 1, contextSize: 256, memoSize: 0 };
    const cpu = await LlamaCppLlm.load(options);
    loaded.push(cpu);
    const auto = await LlamaCppLlm.load({ ...options, gpu: "auto" });
    loaded.push(auto);
    const settings = auto.provenance().settings;
    if (settings.gpu === undefined) expect(settings).toEqual(cpu.provenance().settings);
    else expect(settings.gpuLayers).toBeGreaterThan(0);
  }, 120_000);
});

describe("GPU availability (airgap-eval bench)", () => {
  it("says what this machine has, without building or downloading: none here, so --gpu auto stays on the CPU", async () => {
    const gpu = await gpuAvailability();
    const text = describeGpuAvailability(gpu);
    if (gpu.detected.length === 0) {
      // This machine (and CI) has no GPU driver.
      expect(gpu).toEqual({ detected: [], auto: false });
      expect(text).toMatch(
        /^GPU: none available .*--gpu auto would run the judge on the CPU, as without it\.$/,
      );
    } else if (gpu.auto === false) {
      expect(text).toMatch(/driver found, but no GPU backend started/);
    } else {
      expect(gpu.detected).toContain(gpu.auto);
      expect(text).toMatch(new RegExp(`^GPU: ${gpu.auto} available`));
    }
  }, 120_000);

  it("describes a GPU that starts, and a driver whose backend does not", () => {
    const gb = 1024 ** 3;
    expect(
      describeGpuAvailability({ detected: ["cuda"], auto: "cuda", vram: { total: 8 * gb, free: 6.5 * gb } }),
    ).toMatch(
      /^GPU: cuda available \(8\.0 GB VRAM, 6\.5 GB free\); --gpu auto would offload every judge layer that fits to cuda\. .*config hashes and cache keys differ/,
    );
    expect(describeGpuAvailability({ detected: ["vulkan"], auto: false, failure: "no device" })).toBe(
      "GPU: vulkan driver found, but no GPU backend started (no device); --gpu auto would run the judge on the CPU, as without it.",
    );
  });
});
