import { writeFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { Command } from "commander";
import { afterEach, describe, expect, it } from "vitest";
import { registerModelsCommand } from "../src/cli/models-command.js";
import { ModelNotFoundError } from "../src/errors.js";
import {
  fixtureBytes,
  ggufEntry,
  type HubServer,
  onnxEntry,
  placeModel,
  REVISION,
  registryOf,
  startHub,
  tempDir,
  writeRegistry,
} from "./fixtures/hub/hub-server.js";

class Capture extends Writable {
  text = "";
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: () => void): void {
    this.text += chunk.toString();
    cb();
  }
}

const judge = { path: "judge.gguf", body: fixtureBytes(10_000, 11) };
const encoderFiles = [
  { path: "config.json", body: Buffer.from("{}") },
  { path: "onnx/model.onnx", body: fixtureBytes(5_000, 12) },
];

function setup() {
  const root = tempDir();
  const { file } = writeRegistry(
    root,
    registryOf([onnxEntry("enc", "acme/enc", encoderFiles), ggufEntry("judge", "acme/judge", judge)]),
  );
  const modelsDir = path.join(root, "models");
  const stdout = new Capture();
  const stderr = new Capture();
  const program = new Command("airgap-eval").exitOverride();
  registerModelsCommand(program, {
    registryPath: file,
    stdout,
    stderr,
    env: { XDG_CACHE_HOME: path.join(root, "cache") },
  });
  const run = (...args: string[]) => program.parseAsync(["models", ...args], { from: "user" });
  return { root, modelsDir, stdout, stderr, run };
}

let hub: HubServer | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
  process.exitCode = undefined;
});

describe("airgap-eval models", () => {
  it("list --json shows kind, size, presence and verification", async () => {
    const s = setup();
    placeModel(s.modelsDir, "judge", [judge]);
    await s.run("list", "--json", "--models-dir", s.modelsDir);
    const rows = JSON.parse(s.stdout.text) as {
      id: string;
      present: boolean;
      verified: string | null;
      size: number;
    }[];
    expect(rows.map((r) => [r.id, r.present, r.verified, r.size])).toEqual([
      ["enc", false, null, 2 + 5_000],
      ["judge", true, "yes", 10_000],
    ]);
  });

  it("list prints a table with the models dir", async () => {
    const s = setup();
    await s.run("list", "--models-dir", s.modelsDir);
    expect(s.stdout.text).toMatch(/^ID\s+KIND\s+TIER\s+SIZE\s+PRESENT\s+VERIFIED/);
    expect(s.stdout.text).toContain(`Models dir: ${s.modelsDir} (--models-dir)`);
    expect(s.stdout.text).toContain('"airgap-eval models pull <id>"');
  });

  it("list says a size is unknown where models.json pins a digest but no size (the shipped verifiers), and marks the verifier metrics' defaults", async () => {
    const root = tempDir();
    const stdout = new Capture();
    const program = new Command("airgap-eval").exitOverride();
    registerModelsCommand(program, {
      stdout,
      stderr: new Capture(),
      env: { XDG_CACHE_HOME: path.join(root, "c") },
    });
    await program.parseAsync(["models", "list", "--models-dir", path.join(root, "models")], { from: "user" });
    // The verifier metrics' defaults are marked default; another verifier is not.
    expect(stdout.text).toMatch(/^nli-deberta-v3-small \*\s+verifier\s+-\s+unknown\s+no\s+-$/m);
    expect(stdout.text).toMatch(/^ms-marco-MiniLM-L-12-v2 \*\s+verifier/m);
    expect(stdout.text).toMatch(/^ms-marco-MiniLM-L-4-v2\s+verifier/m);
    expect(stdout.text).toContain("* default (a verifier: the default of verifier metrics).");
    expect(stdout.text).toMatch(/^qwen2\.5-0\.5b-instruct \*\s+llm\s+fast\s+469 MiB\s+no/m);
    expect(stdout.text).toContain(
      "SIZE unknown: models.json pins the file's sha256 but no public source gives its size",
    );
  });

  it("verify exits 0 for good files and 1 for a mismatch", async () => {
    const s = setup();
    const dir = placeModel(s.modelsDir, "judge", [judge]);
    await s.run("verify", "judge", "--models-dir", s.modelsDir);
    expect(process.exitCode).toBeUndefined();
    expect(s.stdout.text).toContain("ok        judge");

    writeFileSync(path.join(dir, judge.path), fixtureBytes(10_000, 99));
    await s.run("verify", "--models-dir", s.modelsDir);
    expect(process.exitCode).toBe(1);
    expect(s.stdout.text).toContain("FAILED    judge");
    expect(s.stdout.text).toContain("Not present (skipped): enc");
  });

  it("verify <id> of a missing model throws ModelNotFoundError (the CLI maps it to exit 2)", async () => {
    const s = setup();
    await expect(s.run("verify", "enc", "--models-dir", s.modelsDir)).rejects.toBeInstanceOf(
      ModelNotFoundError,
    );
  });

  it("pull downloads into --models-dir and path prints where the model is", async () => {
    const s = setup();
    hub = await startHub({ [`/acme/judge/resolve/${REVISION}/judge.gguf`]: { body: judge.body } });
    await s.run("pull", "judge", "--models-dir", s.modelsDir, "--base-url", hub.baseUrl);
    expect(s.stdout.text).toContain(`Pulled judge into ${path.join(s.modelsDir, "judge")}`);
    expect(s.stderr.text).toContain("fetched: judge.gguf");
    s.stdout.text = "";
    await s.run("path", "judge", "--models-dir", s.modelsDir);
    expect(s.stdout.text.trim()).toBe(path.join(s.modelsDir, "judge", "judge.gguf"));
  });
});
