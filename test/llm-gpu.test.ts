// The judge's `gpu` option (issue 14): validation, the CLI flag, the error when a named backend cannot start, and
// "auto" falling back to the CPU with the same provenance. This machine has no GPU: the GPU path itself is untested.
import { afterAll, describe, expect, it } from "vitest";
import { gpuFlag } from "../src/cli/option-parsers.js";
import { AirgapEvalError, InvalidInputError } from "../src/errors.js";
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
