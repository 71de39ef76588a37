import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../src/errors.js";
import { defaultRegistryPath, loadRegistry, parseRegistry } from "../src/models/registry.js";
import { isBuiltinSource } from "../src/models/registry-schema.js";
import {
  type FixtureRegistry,
  fixtureBytes,
  ggufEntry,
  onnxEntry,
  registryOf,
  tempDir,
} from "./fixtures/hub/hub-server.js";

function validContents() {
  return registryOf([
    onnxEntry("tiny-encoder", "acme/tiny-encoder", [
      { path: "config.json", body: fixtureBytes(10, 1) },
      { path: "onnx/model.onnx", body: fixtureBytes(20, 2) },
    ]),
    ggufEntry("tiny-judge", "acme/tiny-judge", { path: "tiny.gguf", body: fixtureBytes(30, 3) }),
  ]);
}

/** Entry i of fixture contents, typed for the field a test breaks. */
function entryAt<T>(contents: FixtureRegistry, i: number): T {
  return contents.models[i] as unknown as T;
}

function parseError(contents: unknown): InvalidInputError {
  try {
    parseRegistry(contents, "test-models.json");
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidInputError);
    return err as InvalidInputError;
  }
  throw new Error("expected the registry to be rejected");
}

describe("the shipped models.json", () => {
  const registry = loadRegistry(defaultRegistryPath);

  it("validates and lists the required models", () => {
    expect(registry.ids()).toEqual([
      "starter/glove-100d",
      "all-MiniLM-L6-v2",
      "bge-small-en-v1.5",
      "qwen2.5-0.5b-instruct",
      "qwen2.5-1.5b-instruct",
      "qwen2.5-3b-instruct",
      "nli-deberta-v3-small",
      "ms-marco-MiniLM-L-4-v2",
      "ms-marco-MiniLM-L-12-v2",
    ]);
  });

  it("makes the built-in starter the offline default embedder and Qwen2.5-0.5B the default judge", () => {
    expect(registry.defaults).toEqual({ embedding: "starter/glove-100d", llm: "qwen2.5-0.5b-instruct" });
    expect(registry.recommended.embedding).toBe("all-MiniLM-L6-v2");
    const starter = registry.get("starter/glove-100d");
    expect(starter && isBuiltinSource(starter.source)).toBe(true);
  });

  it("pins every hub model to a commit and gives judges a tier", () => {
    for (const entry of registry.models) {
      if (isBuiltinSource(entry.source)) continue;
      expect(entry.source.revision).toMatch(/^[0-9a-f]{40}$/);
      if (entry.kind === "verifier") {
        // Public sources give the weights' sha256 (the hub's LFS oid) but only rounded sizes: the ONNX file is
        // pinned by digest, and pull records the exact sizes and the small files' digests in its lock file.
        const weights = entry.source.files.filter((f) => f.path.endsWith(".onnx"));
        expect(weights.length).toBe(1);
        for (const f of weights) expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
        expect(entry.verifier?.task).toMatch(/^(nli|consistency|relevance|spans)$/);
        continue;
      }
      for (const f of entry.source.files) expect(f.size).toBeGreaterThan(0);
    }
    const tiers = registry.models.filter((m) => m.kind === "llm").map((m) => [m.id, m.tier]);
    expect(tiers).toEqual([
      ["qwen2.5-0.5b-instruct", "fast"],
      ["qwen2.5-1.5b-instruct", "balanced"],
      ["qwen2.5-3b-instruct", "strong"],
    ]);
  });
});

describe("registry validation", () => {
  it("accepts a valid registry and looks entries up by id", () => {
    const registry = parseRegistry(validContents(), "test-models.json");
    expect(registry.get("tiny-judge")?.format).toBe("gguf");
    expect(registry.has("nope")).toBe(false);
  });

  it("names the entry by id and the field when a revision is not pinned", () => {
    const contents = validContents();
    const judge = entryAt<{ source: { revision: string } }>(contents, 1);
    judge.source.revision = "main";
    const err = parseError(contents);
    expect(err.message).toContain('entry "tiny-judge" (models[1])');
    expect(err.field).toBe("source.revision");
    expect(err.message).toContain("pinned 40-character commit");
    expect(err.file).toBe("test-models.json");
  });

  it("names the entry by index when it has no usable id", () => {
    const contents = validContents();
    delete entryAt<{ id?: string }>(contents, 0).id;
    const err = parseError(contents);
    expect(err.message).toContain("models[0]");
    expect(err.field).toBe("id");
  });

  it("names a nested file field (bad sha256)", () => {
    const contents = validContents();
    const enc = entryAt<{ source: { files: { sha256: string | null }[] } }>(contents, 0);
    const file = enc.source.files[1];
    if (file) file.sha256 = "ABC";
    const err = parseError(contents);
    expect(err.message).toContain('"tiny-encoder"');
    expect(err.field).toBe("source.files.1.sha256");
  });

  it("reports the builtin branch's error for a builtin source", () => {
    const contents = validContents();
    contents.models.push({
      id: "starter/x",
      kind: "embedding",
      format: "onnx",
      description: "d",
      licence: "PDDL-1.0",
      source: { builtin: "starter", files: [] },
    } as never);
    const err = parseError(contents);
    expect(err.message).toContain('"starter/x"');
    expect(err.field).toBe("source.files");
  });

  it("rejects unknown fields, naming them", () => {
    const contents = validContents();
    (contents.models[1] as Record<string, unknown>).colour = "blue";
    const err = parseError(contents);
    expect(err.message).toContain("colour");
    expect(err.message).toContain('"tiny-judge"');
  });

  it("rejects duplicate ids, a gguf embedder and defaults of the wrong kind", () => {
    const dup = validContents();
    dup.models.push(ggufEntry("tiny-judge", "acme/other", { path: "b.gguf", body: fixtureBytes(4) }));
    expect(parseError(dup).message).toContain("duplicate id");

    const wrongFormat = validContents();
    entryAt<{ format: string }>(wrongFormat, 0).format = "gguf";
    const e2 = parseError(wrongFormat);
    expect(e2.field).toBe("format");
    expect(e2.message).toContain('"tiny-encoder"');

    const wrongDefault = validContents();
    wrongDefault.defaults.llm = "tiny-encoder";
    const e3 = parseError(wrongDefault);
    expect(e3.field).toBe("defaults.llm");
    expect(e3.message).toContain("is an embedding model, not an llm model");
  });

  it("rejects a default that names no model", () => {
    const contents = validContents();
    contents.defaults.embedding = "missing-model";
    const err = parseError(contents);
    expect(err.field).toBe("defaults.embedding");
    expect(err.message).toContain('"missing-model" is not the id of any model');
  });

  it("rejects file paths that escape the model folder", () => {
    const contents = validContents();
    const judge = entryAt<{ source: { files: { path: string }[] } }>(contents, 1);
    const file = judge.source.files[0];
    if (file) file.path = "../evil.gguf";
    expect(parseError(contents).field).toBe("source.files.0.path");
  });

  it("names the file when it is not JSON", () => {
    const dir = tempDir();
    const file = path.join(dir, "broken.json");
    writeFileSync(file, "{ not json");
    expect(() => loadRegistry(file)).toThrow(InvalidInputError);
    expect(() => loadRegistry(file)).toThrow(/broken\.json.*not valid JSON/);
  });
});
