// The tiny GGUF generator is deterministic and writes a well-formed GGUF header and vocabulary.
import { readFile, rm } from "node:fs/promises";
import { readGgufFileInfo } from "node-llama-cpp";
import { describe, expect, it, onTestFinished } from "vitest";
import { buildTinyGguf, writeTinyGguf } from "../scripts/tiny-gguf.js";
import { testModelsDir } from "./setup/paths.js";

describe("tiny GGUF generator", () => {
  it("produces the same bytes on every build, and different bytes for the chat variant", () => {
    const a = buildTinyGguf();
    expect(buildTinyGguf().equals(a)).toBe(true);
    expect(buildTinyGguf({ chatTemplate: true }).equals(a)).toBe(false);
    expect(a.subarray(0, 4).toString("ascii")).toBe("GGUF");
    expect(a.readUInt32LE(4)).toBe(3);
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
