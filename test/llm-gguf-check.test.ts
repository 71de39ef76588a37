// The GGUF structure check that runs before llama.cpp reads a judge model: every kind of broken
// file gets an InvalidInputError naming the file and the problem, quickly, without the runtime.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTinyGguf } from "../scripts/tiny-gguf.js";
import { InvalidInputError } from "../src/errors.js";
import { checkGgufFile } from "../src/llm/gguf-check.js";
import { LlamaCppLlm } from "../src/llm/index.js";
import { extraGgufPath } from "./setup/paths.js";

let dir: string;
const good = buildTinyGguf();

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "airgap-eval-gguf-check-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fileWith(name: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

/** The tiny GGUF with some header bytes changed. */
function patched(edit: (b: Buffer) => void): Buffer {
  const b = Buffer.from(good);
  edit(b);
  return b;
}

/** "GGUF", a version and counts, then zeros: the shape that kept node-llama-cpp's reader busy. */
function headerOnly(version: number, tensors: bigint, entries: bigint, size = 64): Buffer {
  const b = Buffer.alloc(size);
  b.write("GGUF", 0, "latin1");
  b.writeUInt32LE(version, 4);
  b.writeBigUInt64LE(tensors, 8);
  b.writeBigUInt64LE(entries, 16);
  return b;
}

async function rejection(file: string): Promise<InvalidInputError> {
  const err = await checkGgufFile(file).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(InvalidInputError);
  const invalid = err as InvalidInputError;
  expect(invalid.file).toBe(file);
  expect(invalid.message).toContain(file);
  return invalid;
}

describe("checkGgufFile", () => {
  it("accepts the generated tiny GGUF and reports its layout", async () => {
    const summary = await checkGgufFile(await fileWith("good.gguf", good));
    expect(summary).toMatchObject({
      version: 3,
      tensorCount: good.readUInt32LE(8),
      metadataCount: good.readUInt32LE(16),
      architecture: "llama",
      alignment: 32,
      fileSize: good.length,
    });
    expect(summary.dataOffset % 32).toBe(0);
    // All the weights are F32, so the sizes add up to the whole file exactly.
    expect(summary.requiredSize).toBe(good.length);
  });

  it.runIf(extraGgufPath)(
    "accepts the GGUF named by AIRGAP_EVAL_TEST_GGUF (written by llama.cpp's converter)",
    async () => {
      const summary = await checkGgufFile(extraGgufPath as string);
      expect(summary.architecture).toBe("llama");
      expect(summary.requiredSize).toBeLessThanOrEqual(summary.fileSize);
    },
  );

  it("refuses a bogus version before reading further (the file that made llama.cpp spin)", async () => {
    const file = await fileWith("spin.gguf", headerOnly(7, 1n, 1n << 40n));
    const started = performance.now();
    const err = await rejection(file);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(err.message).toMatch(/GGUF version 7.*only versions 2 and 3/);
    // The same through LlamaCppLlm.load: refused before the runtime is touched.
    await expect(LlamaCppLlm.load({ modelPath: file, threads: 1 })).rejects.toThrow(/GGUF version 7/);
  });

  it("names version 1 and big-endian files as such", async () => {
    const v1 = await rejection(
      await fileWith(
        "v1.gguf",
        patched((b) => b.writeUInt32LE(1, 4)),
      ),
    );
    expect(v1.message).toMatch(/version 1, which llama\.cpp no longer reads/);
    const big = await rejection(
      await fileWith(
        "be.gguf",
        patched((b) => b.writeUInt32BE(3, 4)),
      ),
    );
    expect(big.message).toMatch(/big-endian/);
  });

  it("refuses counts that cannot fit in the file, and a file without tensors", async () => {
    const counts = await rejection(await fileWith("counts.gguf", headerOnly(3, 1000n, 1000n, 4096)));
    expect(counts.message).toMatch(
      /claims 1000 tensors and 1000 metadata entries, which cannot fit in the file's 4096 bytes/,
    );
    const huge = await rejection(await fileWith("huge.gguf", headerOnly(3, 1n << 60n, 3n)));
    expect(huge.message).toMatch(/header is damaged/);
    const none = await rejection(
      await fileWith(
        "none.gguf",
        patched((b) => b.writeBigUInt64LE(0n, 8)),
      ),
    );
    expect(none.message).toMatch(/no tensors/);
  });

  it("says what a non-GGUF file looks like", async () => {
    const lfs = await rejection(
      await fileWith(
        "lfs.gguf",
        Buffer.from("version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 491520\n"),
      ),
    );
    expect(lfs.message).toMatch(/instead of "GGUF".*Git LFS pointer/s);
    const html = await rejection(
      await fileWith("page.gguf", Buffer.from("<!DOCTYPE html><title>Sign in</title>")),
    );
    expect(html.message).toMatch(/HTML/);
    const ggml = await rejection(
      await fileWith("old.bin", Buffer.from("tjgg\x03\x00\x00\x00more bytes", "latin1")),
    );
    expect(ggml.message).toMatch(/GGML\/GGJT model from before GGUF/);
    const other = await rejection(
      await fileWith("other.gguf", Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5])),
    );
    expect(other.message).toContain('starts with the bytes 50 4b 03 04 01 02 03 04 ("PK......")');
    const empty = await rejection(await fileWith("empty.gguf", Buffer.alloc(0)));
    expect(empty.message).toMatch(/empty \(0 bytes\)/);
  });

  it("finds a truncated file wherever it was cut", async () => {
    const cuts: [string, number, RegExp][] = [
      ["inside the magic", 3, /3 bytes, fewer than the 24-byte GGUF header/],
      ["inside the header", 20, /20 bytes, fewer than the 24-byte GGUF header/],
      ["inside the metadata", 2000, /metadata "[^"]+" runs past the end of the file/],
      ["halfway through the weights", Math.floor(good.length / 2), /tensor data needs \d+ bytes.*only \d+/],
      [
        "ten bytes short",
        good.length - 10,
        new RegExp(`needs ${good.length} bytes.*only ${good.length - 10}`),
      ],
    ];
    for (const [where, size, pattern] of cuts) {
      const err = await rejection(await fileWith(`cut-${size}.gguf`, good.subarray(0, size)));
      expect(err.message, where).toMatch(/truncated/);
      expect(err.message, where).toMatch(pattern);
    }
  });

  it("refuses a tensor offset that breaks the alignment", async () => {
    // Tensor info: name (u64 length + bytes), dimension count (u32), dimensions (u64 each), type (u32), offset (u64).
    const b = Buffer.from(good);
    const name = "output.weight";
    const at = b.lastIndexOf(name, undefined, "latin1") + name.length;
    const offsetAt = at + 4 + 8 * b.readUInt32LE(at) + 4;
    const offset = b.readBigUInt64LE(offsetAt);
    expect(offset % 32n).toBe(0n);
    b.writeBigUInt64LE(offset + 4n, offsetAt);
    const err = await rejection(await fileWith("misaligned.gguf", b));
    expect(err.message).toMatch(
      /tensor "output\.weight" starts at data offset \d+, not a multiple of the alignment 32/,
    );
  });
});
