// The tiny GGUF generator is deterministic and writes a well-formed GGUF header and vocabulary.
import { createHash } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { readGgufFileInfo } from "node-llama-cpp";
import { describe, expect, it, onTestFinished } from "vitest";
import { buildTinyGguf, writeTinyGguf } from "../scripts/tiny-gguf.js";
import { mulberry32 } from "../src/math/prng.js";
import { testModelsDir } from "./setup/paths.js";

describe("tiny GGUF generator", () => {
  it("produces the same bytes on every build, and different bytes for the chat variant", () => {
    const a = buildTinyGguf();
    expect(buildTinyGguf().equals(a)).toBe(true);
    expect(buildTinyGguf({ chatTemplate: true }).equals(a)).toBe(false);
    expect(a.subarray(0, 4).toString("ascii")).toBe("GGUF");
    expect(a.readUInt32LE(4)).toBe(3);
  });

  it("keeps its exact bytes across refactors (pinned sha256 of both variants)", () => {
    // Integer-only PRNG and sqrt/multiply arithmetic: the same digest on every platform. Change these
    // only on purpose, when the generated model itself is meant to change.
    const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
    expect(sha(buildTinyGguf())).toBe("9330cbb4cd920490a06bcd2bc24ba526e5904edd7529ff88d3cd88a6c9918645");
    expect(sha(buildTinyGguf({ chatTemplate: true }))).toBe(
      "e49a1676a50ea9b509179bffe4de126181630c104ebf805a5de3b2f95b9aa196",
    );
  });

  it("writes a llama GGUF with a byte-fallback vocabulary that node-llama-cpp can read", async () => {
    const file = `${testModelsDir}/tiny-gguf-unit-${process.pid}.gguf`;
    onTestFinished(() => rm(file, { force: true }));
    await writeTinyGguf(file, { chatTemplate: true });
    await writeTinyGguf(file, { chatTemplate: true }); // unchanged content: skipped, still identical
    expect((await readFile(file)).equals(buildTinyGguf({ chatTemplate: true }))).toBe(true);
    const info = await readGgufFileInfo(file, { readTensorInfo: true });
    expect(info.metadata.general.architecture).toBe("llama");
    const tokens = info.metadata.tokenizer.ggml.tokens;
    expect(tokens.slice(0, 3)).toEqual(["<unk>", "<s>", "</s>"]);
    for (let b = 0; b < 256; b++)
      expect(tokens).toContain(`<0x${b.toString(16).toUpperCase().padStart(2, "0")}>`);
    expect(info.metadata.tokenizer.chat_template).toContain("<|im_start|>");
    expect(info.tensorInfo?.length).toBe(2 + 9 * 2 + 1);
  });
});

describe("mulberry32 (src/math/prng.ts)", () => {
  it("gives the same sequence for a seed, in [0, 1), and another for another seed", () => {
    const take = (seed: number) => {
      const next = mulberry32(seed);
      return Array.from({ length: 1000 }, () => next());
    };
    const a = take(20240601);
    expect(take(20240601)).toEqual(a);
    expect(take(20240602)).not.toEqual(a);
    for (const x of a) expect(x >= 0 && x < 1).toBe(true);
    const mean = a.reduce((s, x) => s + x, 0) / a.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.05);
    // Only the low 32 bits of the seed count, so a seed and seed + 2^32 agree.
    expect(take(2 ** 32 + 5)).toEqual(take(5));
  });
});
