import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidInputError, ModelIntegrityError, ModelNotFoundError } from "../src/errors.js";
import { recordInLockFile } from "../src/models/lock-file.js";
import { modelsDirCandidates, userCacheModelsDir } from "../src/models/models-dir.js";
import { parseRegistry } from "../src/models/registry.js";
import { resolveModel } from "../src/models/resolve.js";
import { verifyModel } from "../src/models/verify.js";
import {
  fixtureBytes,
  ggufEntry,
  onnxEntry,
  placeModel,
  REVISION,
  registryOf,
  sha256,
  tempDir,
} from "./fixtures/hub/hub-server.js";

const judgeFile = { path: "tiny-judge.gguf", body: fixtureBytes(4096, 7) };
const encoderFiles = [
  { path: "config.json", body: Buffer.from('{"model_type":"bert"}') },
  { path: "tokenizer.json", body: fixtureBytes(300, 8) },
  { path: "onnx/model.onnx", body: fixtureBytes(2048, 9) },
];

function setup() {
  const root = tempDir();
  const contents = registryOf([
    onnxEntry("tiny-encoder", "acme/tiny-encoder", encoderFiles),
    ggufEntry("tiny-judge", "acme/tiny-judge", judgeFile),
  ]);
  const registry = parseRegistry(contents, path.join(root, "models.json"));
  const home = path.join(root, "home");
  return {
    root,
    registry,
    home,
    optionDir: path.join(root, "option-models"),
    envDir: path.join(root, "env-models"),
    cacheBase: path.join(root, "xdg-cache"),
  };
}

describe("models directory", () => {
  it("uses XDG_CACHE_HOME, ~/.cache, ~/Library/Caches and %LOCALAPPDATA% for the user cache", () => {
    expect(
      userCacheModelsDir({ platform: "linux", env: { XDG_CACHE_HOME: "/xdg" }, homeDir: "/home/u" }),
    ).toBe("/xdg/airgap-eval/models");
    expect(userCacheModelsDir({ platform: "linux", env: {}, homeDir: "/home/u" })).toBe(
      "/home/u/.cache/airgap-eval/models",
    );
    expect(userCacheModelsDir({ platform: "darwin", env: {}, homeDir: "/Users/u" })).toBe(
      "/Users/u/Library/Caches/airgap-eval/models",
    );
    expect(
      userCacheModelsDir({
        platform: "win32",
        env: { LOCALAPPDATA: "C:\\Users\\u\\AppData\\Local" },
        homeDir: "C:\\Users\\u",
      }),
    ).toBe("C:\\Users\\u\\AppData\\Local\\airgap-eval\\models");
  });

  it("orders candidates option > AIRGAP_EVAL_MODELS > cache", () => {
    const c = modelsDirCandidates({
      modelsDir: "/opt/m",
      env: { AIRGAP_EVAL_MODELS: "/srv/m", XDG_CACHE_HOME: "/xdg" },
      platform: "linux",
      homeDir: "/home/u",
    });
    expect(c).toEqual([
      { dir: "/opt/m", from: "option" },
      { dir: "/srv/m", from: "env" },
      { dir: "/xdg/airgap-eval/models", from: "cache" },
    ]);
  });
});

describe("resolveModel", () => {
  it("follows the order explicit path > modelsDir option > AIRGAP_EVAL_MODELS > user cache", async () => {
    const s = setup();
    const cacheDir = path.join(s.cacheBase, "airgap-eval", "models");
    for (const dir of [s.optionDir, s.envDir, cacheDir]) placeModel(dir, "tiny-judge", [judgeFile]);
    const explicit = path.join(s.root, "elsewhere", "my.gguf");
    mkdirSync(path.dirname(explicit), { recursive: true });
    writeFileSync(explicit, judgeFile.body);
    const env = { AIRGAP_EVAL_MODELS: s.envDir, XDG_CACHE_HOME: s.cacheBase };
    const base = { registry: s.registry, env, platform: "linux" as const, homeDir: s.home };

    const byPath = await resolveModel(explicit, { ...base, modelsDir: s.optionDir });
    expect(byPath).toMatchObject({ location: "path", kind: "llm", format: "gguf", path: explicit });

    const byOption = await resolveModel("tiny-judge", { ...base, modelsDir: s.optionDir });
    expect(byOption.path).toBe(path.join(s.optionDir, "tiny-judge", "tiny-judge.gguf"));
    expect(byOption.modelsDir).toBe(s.optionDir);

    const byEnv = await resolveModel("tiny-judge", base);
    expect(byEnv.path).toBe(path.join(s.envDir, "tiny-judge", "tiny-judge.gguf"));

    const byCache = await resolveModel("tiny-judge", { ...base, env: { XDG_CACHE_HOME: s.cacheBase } });
    expect(byCache.path).toBe(path.join(cacheDir, "tiny-judge", "tiny-judge.gguf"));
    expect(byCache).toMatchObject({ location: "models-dir", id: "tiny-judge", entry: { id: "tiny-judge" } });
  });

  it("falls through to the next directory when the first lacks the model", async () => {
    const s = setup();
    placeModel(s.envDir, "tiny-encoder", encoderFiles);
    const m = await resolveModel("tiny-encoder", {
      registry: s.registry,
      modelsDir: s.optionDir,
      env: { AIRGAP_EVAL_MODELS: s.envDir, XDG_CACHE_HOME: s.cacheBase },
      platform: "linux",
    });
    expect(m.path).toBe(path.join(s.envDir, "tiny-encoder"));
    expect(m.format).toBe("onnx");
    expect(m.mainFile).toBe(path.join(s.envDir, "tiny-encoder", "onnx", "model.onnx"));
  });

  it("resolves an explicit ONNX directory as an embedding model", async () => {
    const s = setup();
    const dir = placeModel(s.root, "my-encoder", encoderFiles);
    const m = await resolveModel(dir, { registry: s.registry, env: {} });
    expect(m).toMatchObject({ kind: "embedding", format: "onnx", path: dir, location: "path" });
    expect(m.files.map((f) => f.path)).toEqual(["config.json", "onnx/model.onnx", "tokenizer.json"]);
  });

  it("throws a ModelNotFoundError naming the pull command, the directory to copy into and the paths searched", async () => {
    const s = setup();
    const env = { AIRGAP_EVAL_MODELS: s.envDir, XDG_CACHE_HOME: s.cacheBase };
    const promise = resolveModel("tiny-encoder", {
      registry: s.registry,
      modelsDir: s.optionDir,
      env,
      platform: "linux",
    });
    await expect(promise).rejects.toBeInstanceOf(ModelNotFoundError);
    const err = (await promise.catch((e: unknown) => e)) as ModelNotFoundError;
    const target = path.join(s.optionDir, "tiny-encoder");
    expect(err.message).toContain("airgap-eval models pull tiny-encoder");
    expect(err.message).toContain(`       ${target}\n`);
    expect(err.message).toContain("config.json, tokenizer.json, onnx/model.onnx");
    expect(err.modelId).toBe("tiny-encoder");
    expect(err.searchedPaths).toEqual([
      target,
      path.join(s.envDir, "tiny-encoder"),
      path.join(s.cacheBase, "airgap-eval", "models", "tiny-encoder"),
    ]);
    for (const p of err.searchedPaths) expect(err.message).toContain(p);
  });

  it("lists the missing files when a model folder is incomplete", async () => {
    const s = setup();
    placeModel(s.optionDir, "tiny-encoder", encoderFiles.slice(0, 2));
    const err = (await resolveModel("tiny-encoder", {
      registry: s.registry,
      modelsDir: s.optionDir,
      env: { XDG_CACHE_HOME: s.cacheBase },
      platform: "linux",
    }).catch((e: unknown) => e)) as ModelNotFoundError;
    expect(err).toBeInstanceOf(ModelNotFoundError);
    expect(err.message).toContain("missing onnx/model.onnx");
  });

  it("names unknown ids and non-existent paths", async () => {
    const s = setup();
    await expect(resolveModel("no-such-model", { registry: s.registry, env: {} })).rejects.toThrow(
      /neither a model id in the registry.*Known ids: tiny-encoder, tiny-judge/,
    );
    await expect(resolveModel("./nope.gguf", { registry: s.registry, env: {} })).rejects.toThrow(
      /Model path "\.\/nope\.gguf" does not exist/,
    );
  });

  it("refuses a model of the wrong kind", async () => {
    const s = setup();
    placeModel(s.optionDir, "tiny-judge", [judgeFile]);
    await expect(
      resolveModel("tiny-judge", {
        registry: s.registry,
        modelsDir: s.optionDir,
        env: {},
        kind: "embedding",
      }),
    ).rejects.toThrow(InvalidInputError);
  });

  it("resolves a built-in model to <packageRoot>/models/<id>", async () => {
    const s = setup();
    const contents = registryOf([
      {
        id: "starter/tiny",
        kind: "embedding",
        format: "onnx",
        description: "built in",
        licence: "PDDL-1.0",
        source: { builtin: "starter", files: [{ path: "onnx/model.onnx", size: null, sha256: null }] },
      },
    ]);
    const registry = parseRegistry(contents, "m.json");
    const pkg = path.join(s.root, "pkg");
    await expect(resolveModel("starter/tiny", { registry, packageRoot: pkg, env: {} })).rejects.toThrow(
      /built-in model "starter\/tiny" is missing/,
    );
    placeModel(path.join(pkg, "models"), "starter/tiny", [
      { path: "onnx/model.onnx", body: fixtureBytes(16) },
    ]);
    const m = await resolveModel("starter/tiny", { registry, packageRoot: pkg, env: {} });
    expect(m).toMatchObject({ location: "builtin", path: path.join(pkg, "models", "starter", "tiny") });
  });
});

describe("integrity", () => {
  it("verifies a good copy and reports sha256 per file", async () => {
    const s = setup();
    placeModel(s.optionDir, "tiny-encoder", encoderFiles);
    const check = await verifyModel("tiny-encoder", {
      registry: s.registry,
      modelsDir: s.optionDir,
      env: {},
    });
    expect(check.ok).toBe(true);
    expect(check.verified).toBe(true);
    expect(check.files.map((f) => f.actualSha256)).toEqual(encoderFiles.map((f) => sha256(f.body)));
  });

  it("throws ModelIntegrityError for a same-size file with other bytes", async () => {
    const s = setup();
    const dir = placeModel(s.optionDir, "tiny-judge", [judgeFile]);
    const tampered = Buffer.from(judgeFile.body);
    tampered[100] = (tampered[100] ?? 0) ^ 0xff;
    writeFileSync(path.join(dir, judgeFile.path), tampered);
    // A size check alone cannot see it...
    await expect(
      resolveModel("tiny-judge", { registry: s.registry, modelsDir: s.optionDir, env: {} }),
    ).resolves.toBeDefined();
    // ...the sha256 check does.
    const err = (await verifyModel("tiny-judge", {
      registry: s.registry,
      modelsDir: s.optionDir,
      env: {},
    }).catch((e: unknown) => e)) as ModelIntegrityError;
    expect(err).toBeInstanceOf(ModelIntegrityError);
    expect(err.expectedSha256).toBe(sha256(judgeFile.body));
    expect(err.actualSha256).toBe(sha256(tampered));
    expect(err.message).toContain("airgap-eval models pull tiny-judge");
  });

  it("catches a truncated file at resolution time (size check)", async () => {
    const s = setup();
    placeModel(s.optionDir, "tiny-judge", [{ path: judgeFile.path, body: judgeFile.body.subarray(0, 100) }]);
    await expect(
      resolveModel("tiny-judge", { registry: s.registry, modelsDir: s.optionDir, env: {} }),
    ).rejects.toThrow(/is 100 bytes, expected 4096/);
  });

  it("uses the lock file's digest for files the registry does not pin", async () => {
    const s = setup();
    const unpinned = { path: "u.gguf", body: fixtureBytes(512, 21), pin: false };
    const registry = parseRegistry(registryOf([ggufEntry("loose-judge", "acme/loose", unpinned)]), "m.json");
    const dir = placeModel(s.optionDir, "loose-judge", [unpinned]);
    const opts = { registry, modelsDir: s.optionDir, env: {} };

    const before = await verifyModel(await resolveModel("loose-judge", opts), { throwOnFailure: false });
    expect(before.files[0]?.status).toBe("unpinned");
    expect(before.verified).toBe(false);

    await recordInLockFile(s.optionDir, "loose-judge", {
      repo: "acme/loose",
      revision: REVISION,
      pulledAt: new Date().toISOString(),
      files: { "u.gguf": { size: 512, sha256: sha256(unpinned.body) } },
    });
    const after = await verifyModel("loose-judge", opts);
    expect(after.verified).toBe(true);
    expect(after.files[0]?.digestFrom).toBe("lock");

    writeFileSync(path.join(dir, "u.gguf"), fixtureBytes(512, 22));
    await expect(verifyModel("loose-judge", opts)).rejects.toThrow(/pinned by the lock file/);
  });
});
