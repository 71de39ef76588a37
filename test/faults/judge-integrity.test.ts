// Failure 3 of the hostile trial (issue 19): a registry judge with one byte flipped ran with exit 0.
// Now every registry model's pinned sha256 is checked at load, and an unchanged file is hashed once.
import {
  closeSync,
  copyFileSync,
  mkdirSync,
  openSync,
  readFileSync,
  truncateSync,
  utimesSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ModelIntegrityError } from "../../src/errors.js";
import { sha256File } from "../../src/models/hash.js";
import type { ResolvedModel } from "../../src/models/resolve.js";
import { verifyModelFiles } from "../../src/models/verified-files.js";
import { loadResults } from "../../src/results/load.js";
import { cliSandbox, runCli, writeDistinctRows } from "../fixtures/cli/run-cli.js";
import { tinyGgufPath } from "../setup/paths.js";

const box = cliSandbox("airgap-faults-integrity-");
afterAll(() => box.cleanup());

function flipByte(file: string, at: number): void {
  const fd = openSync(file, "r+");
  try {
    const byte = readFileSync(file).subarray(at, at + 1);
    writeSync(fd, Buffer.from([byte[0]! ^ 0xff]), 0, 1, at);
  } finally {
    closeSync(fd);
  }
}

describe("verifyModelFiles", () => {
  it("hashes an unchanged file once, again after a touch, and refuses a flipped byte", async () => {
    const file = box.file("judge.gguf");
    copyFileSync(tinyGgufPath, file);
    const sha256 = await sha256File(file);
    const model: ResolvedModel = {
      id: "test-judge",
      kind: "llm",
      format: "gguf",
      path: file,
      dir: path.dirname(file),
      mainFile: file,
      files: [{ path: "judge.gguf", absolutePath: file, size: null, sha256, digestFrom: "registry" }],
      location: "models-dir",
      modelsDir: path.dirname(file),
    };
    const memoFile = box.file("cache/verified-models.json");
    const hashed: string[] = [];
    const verify = () => verifyModelFiles(model, { memoFile, onHash: (f) => hashed.push(f) });

    expect((await verify()).get(file)).toBe(sha256);
    expect(await verify()).toEqual(new Map([[file, sha256]]));
    expect(hashed).toEqual([file]);
    expect(JSON.parse(readFileSync(memoFile, "utf8"))[file]).toMatchObject({ sha256 });

    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    await verify();
    expect(hashed).toHaveLength(2);

    flipByte(file, 1000);
    const error = await verify().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelIntegrityError);
    expect((error as Error).message).toContain(`expected ${sha256}`);
    expect(JSON.parse(readFileSync(memoFile, "utf8"))[file]).toBeUndefined();
  });
});

describe("the CLI with a corrupt registry judge", { timeout: 120_000 }, () => {
  it("exits 2 naming the file and both digests; --no-verify runs and is recorded", async () => {
    // A file with the registry's name and size for qwen2.5-0.5b-instruct, but other bytes (sparse).
    const dir = path.join(box.modelsDir, "qwen2.5-0.5b-instruct");
    const file = path.join(dir, "qwen2.5-0.5b-instruct-q4_k_m.gguf");
    mkdirSync(dir, { recursive: true });
    copyFileSync(tinyGgufPath, file);
    truncateSync(file, 491_400_032);
    const dataset = writeDistinctRows(box.file("rows.jsonl"), 1);
    const args = ["eval", dataset, "--metrics", "faithfulness", "--llm", "qwen2.5-0.5b-instruct"];
    const result = await runCli(
      [...args, "--out", box.file("r.jsonl"), "--cache-file", box.file("c.sqlite")],
      box.env,
    );
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`file ${file} has sha256`);
    expect(result.stderr).toContain(
      "expected 74a4da8c9fdbcd15bd1f6d01d621410d31c6fc00986f5eb687824e7b93d7a9db",
    );

    // --no-verify skips the check (the padded tiny judge then loads and runs) and says so in the results.
    const out = box.file("unverified.jsonl");
    const unverified = await runCli(
      [...args, "--no-verify", "--out", out, "--cache-file", box.file("c.sqlite")],
      box.env,
    );
    expect(unverified.code, unverified.stderr).toBe(0);
    expect(loadResults(out).metadata.options.verify).toBe(false);
  });
});
