// The judge's file digest: the one streaming hash of src/models/hash.ts, cached per process by
// path, size and mtime.
import { createHash } from "node:crypto";
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256OfFile } from "../src/models/file-sha256.js";
import { hashFileInto, sha256File } from "../src/models/hash.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "airgap-eval-sha-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const digest = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

describe("sha256OfFile", () => {
  it("equals the digest of the bytes, over several read chunks", async () => {
    const file = path.join(dir, "big.bin");
    const bytes = Buffer.alloc(3 * (1 << 20) + 123);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 131) & 0xff;
    await writeFile(file, bytes);
    expect(await sha256OfFile(file)).toBe(digest(bytes));
    expect(await sha256File(file)).toBe(digest(bytes));
  });

  it("hashes again when the file changes, and reuses the digest while path, size and mtime stay", async () => {
    const file = path.join(dir, "model.gguf");
    const t0 = new Date("2024-06-01T00:00:00Z"); // whole seconds: utimes can set it back exactly
    await writeFile(file, "first version");
    await utimes(file, t0, t0);
    const first = await sha256OfFile(file);
    expect(first).toBe(digest("first version"));

    await writeFile(file, "second, longer version");
    await utimes(file, t0, t0);
    expect(await sha256OfFile(path.relative(process.cwd(), file))).toBe(digest("second, longer version"));

    // Same size, same mtime: the cache cannot tell, by design (no re-read of a multi-GB model).
    await writeFile(file, "FIRST VERSION");
    await utimes(file, t0, t0);
    expect(await sha256OfFile(file)).toBe(first);
    // A new mtime is noticed.
    const t1 = new Date(t0.getTime() + 5000);
    await utimes(file, t1, t1);
    expect(await sha256OfFile(file)).toBe(digest("FIRST VERSION"));
  });

  it("rejects for a missing file and does not cache the failure", async () => {
    const file = path.join(dir, "later.gguf");
    await expect(sha256OfFile(file)).rejects.toThrow(/ENOENT/);
    await writeFile(file, "now here");
    expect(await sha256OfFile(file)).toBe(digest("now here"));
  });
});

describe("hashFileInto", () => {
  it("continues a running hash, as a resumed download needs", async () => {
    const file = path.join(dir, "partial.bin");
    await writeFile(file, "the first half, ");
    const hash = createHash("sha256");
    const seen: number[] = [];
    expect(await hashFileInto(hash, file, (n) => seen.push(n))).toBe(16);
    expect(seen.at(-1)).toBe(16);
    hash.update("and the rest");
    expect(hash.digest("hex")).toBe(digest("the first half, and the rest"));
  });
});
