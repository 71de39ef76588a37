// When node-llama-cpp finds no usable prebuilt binary, getSharedLlama says so in airgap-eval's
// terms (never a build, never a download; which platforms have binaries; what to do) and retries
// on the next call. The runtime is replaced by a stub that fails like node-llama-cpp does.
import { NoBinaryFoundError } from "node-llama-cpp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AirgapEvalError } from "../src/errors.js";

const getLlama = vi.hoisted(() => vi.fn());

vi.mock("node-llama-cpp", async (importOriginal) => ({
  ...(await importOriginal<typeof import("node-llama-cpp")>()),
  getLlama,
}));

const { getSharedLlama } = await import("../src/llm/llama-instance.js");

afterEach(() => {
  getLlama.mockReset();
});

describe("getSharedLlama without a usable prebuilt binary", () => {
  it("wraps the runtime's error in an AirgapEvalError that says what to do", async () => {
    const cause = new NoBinaryFoundError("NoBinaryFoundError");
    getLlama.mockRejectedValueOnce(cause);
    const err = await getSharedLlama().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AirgapEvalError);
    expect((err as Error).cause).toBe(cause);
    const message = (err as Error).message;
    expect(message).toContain(`(${process.platform}-${process.arch}): NoBinaryFoundError`);
    expect(message).toMatch(/never builds llama\.cpp from source and never downloads/);
    expect(message).toMatch(
      /Linux x64, arm64, armv7l and riscv64.*macOS arm64 and x64.*Windows x64 and arm64/s,
    );
    if (process.platform === "linux" && process.arch === "x64") {
      expect(message).toContain("node_modules/@node-llama-cpp/linux-x64 exists");
      expect(message).toMatch(/--omit=optional/);
    }
    // The runtime is asked for the prebuilt CPU binary only.
    expect(getLlama).toHaveBeenCalledWith(
      expect.objectContaining({ gpu: false, build: "never", skipDownload: true }),
    );
  });

  it("does not cache the failure: the next call asks the runtime again", async () => {
    getLlama.mockRejectedValueOnce(new Error("first failure"));
    await expect(getSharedLlama()).rejects.toThrow(/first failure/);
    const llama = { marker: "runtime" };
    getLlama.mockResolvedValueOnce(llama);
    await expect(getSharedLlama()).resolves.toBe(llama);
    // Once it worked, the same instance is shared.
    await expect(getSharedLlama()).resolves.toBe(llama);
    expect(getLlama).toHaveBeenCalledTimes(2);
  });
});
