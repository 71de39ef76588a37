import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { InvalidInputError, ModelIntegrityError } from "../src/errors.js";
import { readLockFile } from "../src/models/lock-file.js";
import { type PullProgress, pull } from "../src/models/pull.js";
import { ModelPullError } from "../src/models/pull-error.js";
import { parseRegistry } from "../src/models/registry.js";
import { verifyModel } from "../src/models/verify.js";
import {
  closedPort,
  fixtureBytes,
  ggufEntry,
  type HubFile,
  type HubServer,
  onnxEntry,
  REVISION,
  registryOf,
  sha256,
  startHub,
  tempDir,
} from "./fixtures/hub/hub-server.js";

const good = { path: "good-q4.gguf", body: fixtureBytes(200_000, 1) };
const corrupt = { path: "corrupt-q4.gguf", body: fixtureBytes(50_000, 2) };
const cut = { path: "cut-q4.gguf", body: fixtureBytes(300_000, 3) };
const noRange = { path: "norange-q4.gguf", body: fixtureBytes(120_000, 4) };
const encoder = [
  { path: "config.json", body: Buffer.from('{"model_type":"bert"}') },
  { path: "onnx/model.onnx", body: fixtureBytes(64_000, 5), pin: false },
];

const registry = parseRegistry(
  registryOf([
    ggufEntry("good-judge", "acme/good", good),
    ggufEntry("corrupt-judge", "acme/corrupt", corrupt),
    ggufEntry("cut-judge", "acme/cut", cut),
    ggufEntry("norange-judge", "acme/norange", noRange),
    ggufEntry("gone-judge", "acme/gone", { path: "gone.gguf", body: fixtureBytes(10) }),
    onnxEntry("loose-encoder", "acme/loose", encoder),
    {
      id: "starter/builtin",
      kind: "embedding",
      format: "onnx",
      description: "built in",
      licence: "PDDL-1.0",
      source: { builtin: "starter", files: [{ path: "onnx/model.onnx", size: null, sha256: null }] },
    },
  ]),
  "test-registry.json",
);

const url = (repo: string, file: string) => `/${repo}/resolve/${REVISION}/${file}`;

function hubFiles(overrides: Record<string, Partial<HubFile>> = {}): Record<string, HubFile> {
  const corruptBody = Buffer.from(corrupt.body);
  corruptBody[1234] = (corruptBody[1234] ?? 0) ^ 0x55;
  return {
    [url("acme/good", good.path)]: { body: good.body },
    [url("acme/corrupt", corrupt.path)]: { body: corruptBody },
    [url("acme/cut", cut.path)]: { body: cut.body, cutAfter: cut.body.length / 2, ...overrides.cut },
    [url("acme/norange", noRange.path)]: { body: noRange.body, ignoreRange: true },
    [url("acme/loose", "config.json")]: { body: encoder[0]?.body ?? Buffer.alloc(0) },
    [url("acme/loose", "onnx/model.onnx")]: { body: encoder[1]?.body ?? Buffer.alloc(0) },
  };
}

let hub: HubServer | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

describe("pull", () => {
  it("downloads a good file, verifies it, puts it in place and records it in the lock file", async () => {
    hub = await startHub(hubFiles());
    const modelsDir = tempDir();
    const progress: PullProgress[] = [];
    const result = await pull("good-judge", {
      registry,
      modelsDir,
      env: {},
      baseUrl: hub.baseUrl,
      onProgress: (p) => progress.push(p),
    });
    const dest = path.join(modelsDir, "good-judge", good.path);
    expect(result.dir).toBe(path.join(modelsDir, "good-judge"));
    expect(result.files).toEqual([
      {
        path: good.path,
        absolutePath: dest,
        size: good.body.length,
        sha256: sha256(good.body),
        digest: "registry",
        status: "downloaded",
      },
    ]);
    expect(readFileSync(dest).equals(good.body)).toBe(true);
    expect(existsSync(`${dest}.partial`)).toBe(false);
    expect(hub.requests).toEqual([
      { path: url("acme/good", good.path), range: undefined, acceptEncoding: "identity" },
    ]);
    expect(progress.at(-1)).toMatchObject({
      phase: "done",
      bytes: good.body.length,
      total: good.body.length,
    });
    expect(progress.some((p) => p.phase === "downloading" && p.bytes > 0 && p.bytes < good.body.length)).toBe(
      true,
    );
    const lock = await readLockFile(modelsDir);
    expect(lock.models["good-judge"]?.files[good.path]).toEqual({
      size: good.body.length,
      sha256: sha256(good.body),
    });
    await expect(verifyModel("good-judge", { registry, modelsDir, env: {} })).resolves.toMatchObject({
      verified: true,
    });

    // A second pull finds the file present and verified, and fetches nothing.
    const again = await pull("good-judge", { registry, modelsDir, env: {}, baseUrl: hub.baseUrl });
    expect(again.files[0]?.status).toBe("present");
    expect(hub.requests).toHaveLength(1);
  });

  it("refuses a corrupted file: nothing left in place and no partial file", async () => {
    hub = await startHub(hubFiles());
    const modelsDir = tempDir();
    const err = (await pull("corrupt-judge", { registry, modelsDir, env: {}, baseUrl: hub.baseUrl }).catch(
      (e: unknown) => e,
    )) as ModelIntegrityError;
    expect(err).toBeInstanceOf(ModelIntegrityError);
    expect(err.expectedSha256).toBe(sha256(corrupt.body));
    expect(err.message).toMatch(/Refused corrupt-q4\.gguf.*deleted/);
    const dest = path.join(modelsDir, "corrupt-judge", corrupt.path);
    expect(existsSync(dest)).toBe(false);
    expect(existsSync(`${dest}.partial`)).toBe(false);
    expect((await readLockFile(modelsDir)).models["corrupt-judge"]).toBeUndefined();
    expect(existsSync(path.join(modelsDir, "corrupt-judge")), "no empty model folder is left").toBe(false);
  });

  it("resumes a transfer cut halfway with a Range request from the partial file", async () => {
    hub = await startHub(hubFiles());
    const modelsDir = tempDir();
    const dest = path.join(modelsDir, "cut-judge", cut.path);
    const half = cut.body.length / 2;

    const first = await pull("cut-judge", { registry, modelsDir, env: {}, baseUrl: hub.baseUrl }).catch(
      (e: unknown) => e,
    );
    expect(first).toBeInstanceOf(ModelPullError);
    expect((first as Error).message).toContain('run "airgap-eval models pull cut-judge" again to resume');
    expect(existsSync(dest)).toBe(false);
    // The server sent half the bytes. Normally all of them are on disk; a loaded machine may lose the last
    // chunks the runtime had queued when the socket died, which only means a longer resume.
    const kept = statSync(`${dest}.partial`).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(half);
    expect(readFileSync(`${dest}.partial`).equals(cut.body.subarray(0, kept))).toBe(true);

    const result = await pull("cut-judge", { registry, modelsDir, env: {}, baseUrl: hub.baseUrl });
    expect(hub.requests.map((r) => r.range)).toEqual([undefined, `bytes=${kept}-`]);
    expect(result.files[0]).toMatchObject({
      status: "resumed",
      sha256: sha256(cut.body),
      size: cut.body.length,
    });
    expect(readFileSync(dest).equals(cut.body)).toBe(true);
    expect(existsSync(`${dest}.partial`)).toBe(false);
  });

  it("restarts from byte 0 when the server ignores the Range header (HTTP 200)", async () => {
    hub = await startHub({
      ...hubFiles(),
      [url("acme/norange", noRange.path)]: { body: noRange.body, ignoreRange: true, cutAfter: 40_000 },
    });
    const modelsDir = tempDir();
    await expect(
      pull("norange-judge", { registry, modelsDir, env: {}, baseUrl: hub.baseUrl }),
    ).rejects.toThrow(ModelPullError);
    const result = await pull("norange-judge", { registry, modelsDir, env: {}, baseUrl: hub.baseUrl });
    expect(hub.requests.map((r) => r.range)).toEqual([undefined, "bytes=40000-"]);
    expect(result.files[0]?.status).toBe("downloaded");
    expect(readFileSync(path.join(modelsDir, "norange-judge", noRange.path)).equals(noRange.body)).toBe(true);
  });

  it("aborts a stalled transfer and keeps the bytes received for resuming", async () => {
    hub = await startHub({ [url("acme/good", good.path)]: { body: good.body, hangAfter: 10_000 } });
    const modelsDir = tempDir();
    const err = await pull("good-judge", {
      registry,
      modelsDir,
      env: {},
      baseUrl: hub.baseUrl,
      stallTimeoutMs: 300,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelPullError);
    expect((err as Error).message).toContain("no data for 0.3 s");
    const partial = path.join(modelsDir, "good-judge", `${good.path}.partial`);
    expect(statSync(partial).size).toBeLessThanOrEqual(10_000);
    expect(readFileSync(partial).equals(good.body.subarray(0, statSync(partial).size))).toBe(true);
  });

  it("records the computed digest of files the registry does not pin, and verify then uses it", async () => {
    hub = await startHub(hubFiles());
    const modelsDir = tempDir();
    const result = await pull("loose-encoder", { registry, modelsDir, env: {}, baseUrl: hub.baseUrl });
    expect(result.files.map((f) => [f.path, f.digest])).toEqual([
      ["config.json", "registry"],
      ["onnx/model.onnx", "computed"],
    ]);
    const lock = await readLockFile(modelsDir);
    expect(lock.models["loose-encoder"]).toMatchObject({ repo: "acme/loose", revision: REVISION });
    expect(lock.models["loose-encoder"]?.files["onnx/model.onnx"]?.sha256).toBe(
      sha256(encoder[1]?.body ?? Buffer.alloc(0)),
    );
    const check = await verifyModel("loose-encoder", { registry, modelsDir, env: {} });
    expect(check.verified).toBe(true);
  });

  it("reports HTTP 404 with the URL and leaves nothing behind", async () => {
    hub = await startHub(hubFiles());
    const modelsDir = tempDir();
    const err = (await pull("gone-judge", { registry, modelsDir, env: {}, baseUrl: hub.baseUrl }).catch(
      (e: unknown) => e,
    )) as ModelPullError;
    expect(err).toBeInstanceOf(ModelPullError);
    expect(err.status).toBe(404);
    expect(err.message).toContain(`${hub.baseUrl}${url("acme/gone", "gone.gguf")} answered HTTP 404`);
    expect(existsSync(path.join(modelsDir, "gone-judge", "gone.gguf"))).toBe(false);
    expect(existsSync(path.join(modelsDir, "gone-judge", "gone.gguf.partial"))).toBe(false);
    expect(existsSync(path.join(modelsDir, "gone-judge")), "no empty model folder is left").toBe(false);
  });

  it("gives a clear error when the hub cannot be reached", async () => {
    const port = await closedPort();
    const modelsDir = tempDir();
    const err = (await pull("good-judge", {
      registry,
      modelsDir,
      env: {},
      baseUrl: `http://127.0.0.1:${port}`,
    }).catch((e: unknown) => e)) as ModelPullError;
    expect(err).toBeInstanceOf(ModelPullError);
    expect(err.message).toContain(`Could not reach 127.0.0.1:${port}`);
    expect(err.message).toContain("ECONNREFUSED");
    expect(err.message).toContain("must run on a connected machine");
    expect(err.message).toContain(`copy the folder ${path.join(modelsDir, "good-judge")}`);
    expect(existsSync(path.join(modelsDir, "good-judge")), "no empty model folder is left").toBe(false);
  });

  it("refuses to pull a built-in model", async () => {
    await expect(pull("starter/builtin", { registry, modelsDir: tempDir(), env: {} })).rejects.toThrow(
      InvalidInputError,
    );
  });
});
