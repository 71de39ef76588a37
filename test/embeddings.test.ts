// Integration tests of TransformersEmbeddings through the real runtime (@huggingface/tokenizers + onnxruntime-node)
// on the generated tiny encoder (scripts/tiny-onnx-encoder.ts, written by the global test setup).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AutoTokenizer, env, pipeline } from "@xenova/transformers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { writeTinyOnnxEncoder } from "../scripts/tiny-onnx-encoder.js";
import { cosineSimilarity, TransformersEmbeddings } from "../src/embeddings/index.js";
import {
  AirgapEvalError,
  InvalidInputError,
  ModelIntegrityError,
  ModelNotFoundError,
} from "../src/errors.js";
import { parseRegistry } from "../src/models/registry.js";
import { type OrtSession, type OrtTensor, onnxRuntime } from "../src/onnx/session.js";
import { TextTokenizer } from "../src/tokenizers/index.js";
import { onnxEntry, registryOf } from "./fixtures/hub/hub-server.js";
import { repoRoot, tinyEncoderDir } from "./setup/paths.js";

interface PackageJson {
  dependencies: Record<string, string>;
}

interface TokenizerFile {
  model: { vocab: Record<string, number> };
}

// Mixed lengths (1 to ~20 words), punctuation, case, unknown words and a duplicate.
const TEXTS = [
  "Paris is the capital of France.",
  "cat",
  "The quick brown fox? No: the quick RED dog ran over the green field, then stopped near the old tree.",
  "hello world",
  "Einstein's theory of relativity changed physics.",
  "cat",
  "zyxwv qqq unknown-words only",
  "a kitten sat on the mat by the door",
];

function norm(v: Float32Array): number {
  return Math.sqrt(v.reduce((s, x) => s + x * x, 0));
}

function maxAbsDiff(a: readonly Float32Array[], b: readonly Float32Array[]): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  a.forEach((v, i) => {
    v.forEach((x, k) => {
      max = Math.max(max, Math.abs(x - b[i]![k]!));
    });
  });
  return max;
}

let encoder: TransformersEmbeddings;

beforeAll(async () => {
  // The global setup writes the model; write it again if a unit-only run skipped that (same bytes anyway).
  if (!existsSync(path.join(tinyEncoderDir, "onnx", "model.onnx")))
    await writeTinyOnnxEncoder(tinyEncoderDir);
  encoder = await TransformersEmbeddings.load({ model: tinyEncoderDir });
});

afterAll(async () => {
  await encoder?.dispose();
});

describe("TransformersEmbeddings on the tiny encoder", () => {
  it("returns one vector of `dimensions` (config hidden_size) per text", async () => {
    expect(encoder.dimensions).toBe(32);
    expect(encoder.id).toBe("tiny-encoder");
    const vectors = await encoder.embed(TEXTS);
    expect(vectors).toHaveLength(TEXTS.length);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v.length).toBe(32);
      expect(v.every(Number.isFinite)).toBe(true);
    }
  });

  it("normalizes to unit length by default, and not with normalize: false", async () => {
    for (const v of await encoder.embed(TEXTS)) expect(Math.abs(norm(v) - 1)).toBeLessThan(1e-5);
    const raw = await TransformersEmbeddings.load({ model: tinyEncoderDir, normalize: false });
    const norms = (await raw.embed(TEXTS)).map(norm);
    expect(norms.some((n) => Math.abs(n - 1) > 1e-3)).toBe(true);
    // Same direction either way.
    const normalized = await encoder.embed(TEXTS);
    (await raw.embed(TEXTS)).forEach((v, i) => {
      expect(cosineSimilarity(v, normalized[i]!)).toBeCloseTo(1, 5);
    });
  });

  it("gives the same vectors whatever the batch split (batchSize 1, 2, 64)", async () => {
    const runs = await Promise.all(
      [1, 2, 3, 64].map(async (batchSize) => {
        const e = await TransformersEmbeddings.load({ model: tinyEncoderDir, batchSize });
        return e.embed(TEXTS);
      }),
    );
    for (const run of runs.slice(1)) expect(maxAbsDiff(run, runs[0]!)).toBeLessThan(1e-5);
    // And embedding a text alone equals embedding it among longer texts (padding is masked out).
    const alone = await encoder.embed(["cat"]);
    expect(maxAbsDiff(alone, [runs[3]![1]!])).toBeLessThan(1e-5);
  });

  it("matches @xenova/transformers' own feature-extraction pipeline (mean pooling, normalize)", async () => {
    env.allowRemoteModels = false;
    env.useFSCache = false;
    env.localModelPath = `${path.dirname(tinyEncoderDir)}/`;
    const extractor = await pipeline("feature-extraction", path.basename(tinyEncoderDir), {
      quantized: true,
    });
    const output = await extractor(TEXTS, { pooling: "mean", normalize: true });
    const data = output.data as Float32Array;
    const expected = TEXTS.map((_, i) => data.slice(i * 32, (i + 1) * 32));
    expect(maxAbsDiff(await encoder.embed(TEXTS), expected)).toBeLessThan(1e-5);
    await extractor.dispose();
  });

  it("tokenizes as transformers.js does: the same ids on 400 generated texts", async () => {
    env.allowRemoteModels = false;
    env.localModelPath = `${path.dirname(tinyEncoderDir)}/`;
    const reference = await AutoTokenizer.from_pretrained(path.basename(tinyEncoderDir), {
      local_files_only: true,
    });
    const ours = await TextTokenizer.load(tinyEncoderDir);
    const vocab = Object.keys(
      (JSON.parse(readFileSync(path.join(tinyEncoderDir, "tokenizer.json"), "utf8")) as TokenizerFile).model
        .vocab,
    ).filter((w) => !w.startsWith("["));
    const extras = [
      "Paris",
      "CAFÉ",
      "naïve",
      "don't",
      "3.5%",
      "—",
      "?!",
      "  ",
      "\t",
      "x-y",
      "漢字",
      "zyxwv",
      "qqq",
    ];
    const pool = [...vocab.map((w) => w.replace(/^##/, "")), ...extras];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let differ = 0;
    for (let i = 0; i < 400; i++) {
      const words = Array.from(
        { length: 1 + Math.floor(next() * 30) },
        () => pool[Math.floor(next() * pool.length)]!,
      );
      const text = words.join(next() < 0.2 ? "" : " ");
      const theirs = reference.encode(text, null, { add_special_tokens: true });
      if (JSON.stringify(ours.encodeSingle(text, 10_000).ids) !== JSON.stringify(theirs)) differ++;
    }
    expect(differ).toBe(0);
  });

  it("is deterministic across loads, and the generator writes the same bytes every run", async () => {
    const second = await TransformersEmbeddings.load({ model: tinyEncoderDir });
    expect(maxAbsDiff(await second.embed(TEXTS), await encoder.embed(TEXTS))).toBe(0);
    const dir = mkdtempSync(path.join(os.tmpdir(), "airgap-eval-encoder-"));
    try {
      await writeTinyOnnxEncoder(dir);
      const again = await TransformersEmbeddings.load({ model: dir });
      expect(again.provenance().sha256).toBe(encoder.provenance().sha256);
      expect(maxAbsDiff(await again.embed(TEXTS), await encoder.embed(TEXTS))).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("loads models from different parent directories concurrently", async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), "airgap-eval-parent-"));
    try {
      const copy = path.join(parent, "renamed-encoder");
      await cp(tinyEncoderDir, copy, { recursive: true });
      const loaded = await Promise.all(
        [copy, tinyEncoderDir, copy, tinyEncoderDir].map((model) => TransformersEmbeddings.load({ model })),
      );
      expect(loaded.map((e) => e.id)).toEqual([
        "renamed-encoder",
        "tiny-encoder",
        "renamed-encoder",
        "tiny-encoder",
      ]);
      const [a, b] = await Promise.all([loaded[0]!.embed(TEXTS), loaded[1]!.embed(TEXTS)]);
      expect(maxAbsDiff(a, b)).toBe(0);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it("embeds each distinct text once per call and returns independent copies for duplicates", async () => {
    const ort = await onnxRuntime();
    const sessions: OrtSession[] = [];
    const original = ort.InferenceSession.create.bind(ort.InferenceSession);
    const createSpy = vi.spyOn(ort.InferenceSession, "create").mockImplementation(async (model, options) => {
      const session = await original(model, options);
      sessions.push(session);
      return session;
    });
    try {
      const e = await TransformersEmbeddings.load({ model: tinyEncoderDir, batchSize: 64 });
      const session = sessions[0]!;
      const runSpy = vi.spyOn(session, "run");
      const texts = ["cat", "hello world", "cat", "cat", "hello world", "the end"];
      const vectors = await e.embed(texts);
      const rowsRun = runSpy.mock.calls.reduce(
        (sum, [feeds]) => sum + (feeds as Record<string, OrtTensor>).input_ids!.dims[0]!,
        0,
      );
      expect(rowsRun).toBe(3);
      expect(maxAbsDiff([vectors[0]!, vectors[1]!], [vectors[2]!, vectors[4]!])).toBe(0);
      expect(vectors[0]).not.toBe(vectors[2]);
      vectors[2]!.fill(0);
      expect(norm(vectors[3]!)).toBeCloseTo(1, 5);
    } finally {
      createSpy.mockRestore();
    }
  });

  it("memoizes vectors across calls: a known text is not run again, and callers get their own copies", async () => {
    const e = await TransformersEmbeddings.load({ model: tinyEncoderDir, memoSize: 2 });
    const fresh = await TransformersEmbeddings.load({ model: tinyEncoderDir, memoSize: 0 });
    try {
      const first = await e.embedDetailed(["cat", "hello world"]);
      first.vectors[0]!.fill(0); // must not change what the memo returns later
      const second = await e.embedDetailed(["hello world", "cat", "the end"]);
      expect(e.stats()).toEqual({
        texts: 5,
        memoHits: 2,
        modelTexts: 3,
        batches: 2,
        truncatedTexts: 0,
        chunkedTexts: 0,
      });
      const expected = await fresh.embed(["hello world", "cat", "the end"]);
      expect(maxAbsDiff(second.vectors, expected)).toBe(0);
      // Least recently used texts leave the memo: "hello world" was dropped for "the end".
      await e.embed(["hello world"]);
      expect(e.stats().memoHits).toBe(2);
      expect(fresh.stats().memoHits).toBe(0);
      expect(fresh.stats().modelTexts).toBe(3);
    } finally {
      await e.dispose();
      await fresh.dispose();
    }
    await expect(TransformersEmbeddings.load({ model: tinyEncoderDir, memoSize: -1 })).rejects.toMatchObject({
      field: "memoSize",
    });
  });

  it("truncates texts longer than maxLength tokens, keeps [CLS]/[SEP], and says how many were cut", async () => {
    const e = await TransformersEmbeddings.load({
      model: tinyEncoderDir,
      maxLength: 8,
      longText: "truncate",
    });
    const long = "the of and to in is it you that he was for on are";
    const texts = ["cat", long, "hello world", `${long} with more`, long];
    const { vectors, truncated, truncatedIndices } = await e.embedDetailed(texts);
    expect(truncated).toBe(3);
    expect(truncatedIndices).toEqual([1, 3, 4]);
    // 8 tokens = [CLS] + 6 words + [SEP]: the cut text embeds exactly like its first six words.
    const [firstSix] = await e.embed(["the of and to in is"]);
    expect(maxAbsDiff([vectors[1]!], [firstSix!])).toBeLessThan(1e-6);
    expect((await e.embedDetailed(["cat", "hello world"])).truncated).toBe(0);
  });

  it("chunks past the model's 64-token limit by default instead of failing in the runtime", async () => {
    expect(encoder.maxLength).toBe(64);
    const longText = Array.from({ length: 200 }, (_, i) => (i % 2 ? "water" : "fire")).join(" ");
    const result = await encoder.embedDetailed([longText, "cat"]);
    expect(result.truncated).toBe(0);
    expect(result.chunkedIndices).toEqual([0]);
    expect(Math.abs(norm(result.vectors[0]!) - 1)).toBeLessThan(1e-5);
  });

  it("rejects empty, whitespace-only and non-string texts with InvalidInputError naming the index", async () => {
    const cases: Array<[unknown[], number, RegExp]> = [
      [["cat", ""], 1, /empty/],
      [["cat", "dog", "  \n\t"], 2, /whitespace-only/],
      [[42, "cat"], 0, /got number/],
      [["cat", null], 1, /got null/],
    ];
    for (const [texts, row, message] of cases) {
      const error = await encoder.embed(texts as string[]).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(InvalidInputError);
      const invalid = error as InvalidInputError;
      expect(invalid.row).toBe(row);
      expect(invalid.field).toBe(`texts[${row}]`);
      expect(invalid.message).toContain(`texts[${row}]`);
      expect(invalid.message).toMatch(message);
    }
    await expect(encoder.embed("cat" as unknown as string[])).rejects.toThrow(InvalidInputError);
    expect(await encoder.embed([])).toEqual([]);
  });

  it("cls pooling gives different vectors from mean pooling", async () => {
    const cls = await TransformersEmbeddings.load({ model: tinyEncoderDir, pooling: "cls" });
    const a = await cls.embed(TEXTS);
    const b = await encoder.embed(TEXTS);
    expect(maxAbsDiff(a, b)).toBeGreaterThan(0.05);
    for (const v of a) expect(Math.abs(norm(v) - 1)).toBeLessThan(1e-5);
    expect(cls.provenance().settings.pooling).toBe("cls");
  });

  it("loads onnx/model_quantized.onnx by default and onnx/model.onnx with quantized: false", async () => {
    expect(encoder.provenance().path).toBe(path.join(tinyEncoderDir, "onnx", "model_quantized.onnx"));
    const full = await TransformersEmbeddings.load({ model: tinyEncoderDir, quantized: false });
    expect(full.provenance().path).toBe(path.join(tinyEncoderDir, "onnx", "model.onnx"));
    expect(full.provenance().sha256).not.toBe(encoder.provenance().sha256);
    const [a, b] = [await full.embed(TEXTS), await encoder.embed(TEXTS)];
    a.forEach((v, i) => {
      expect(cosineSimilarity(v, b[i]!)).toBeGreaterThan(0.99);
    });
  });

  it("records provenance: id, sha256, runtime version and settings", () => {
    const p = encoder.provenance();
    expect(p.kind).toBe("embedding");
    expect(p.id).toBe("tiny-encoder");
    expect(p.sha256).toMatch(/^[0-9a-f]{64}$/);
    // The runtime and the tokenizer library at the exact versions package.json pins.
    const pins = (JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as PackageJson)
      .dependencies;
    expect(p.runtime).toEqual({ name: "onnxruntime-node", version: pins["onnxruntime-node"] });
    expect(p.settings).toMatchObject({
      pooling: "mean",
      normalize: true,
      quantized: true,
      maxLength: 64,
      tokenizer: `@huggingface/tokenizers ${pins["@huggingface/tokenizers"]}`,
    });
    // Speed-only settings are recorded apart, so they never enter cache keys or resume hashes.
    expect(p.performance).toEqual({ batchSize: 32, threads: 1, memoSize: 4096 });
    expect(p.settings).not.toHaveProperty("batchSize");
  });

  it("never reaches for the network", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    try {
      const e = await TransformersEmbeddings.load({ model: tinyEncoderDir, id: "custom-id" });
      expect(e.id).toBe("custom-id");
      await e.embed(["cat"]);
      // A name that would be a hub id to a runtime that downloads: a local-only error, no request.
      await expect(TransformersEmbeddings.load({ model: "Xenova/all-MiniLM-L6-v2" })).rejects.toThrow(
        ModelNotFoundError,
      );
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it("fails clearly for a missing directory, a missing file and bad options", async () => {
    // A path that is not a registry id: the message says what is missing and the layout, and names no pull
    // command (there is nothing to pull).
    const missing = path.join(os.tmpdir(), "airgap-eval-no-such-model");
    const error = await TransformersEmbeddings.load({ model: missing }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ModelNotFoundError);
    expect((error as Error).message).toContain(`no directory at ${missing}`);
    expect((error as Error).message).toContain("transformers.js layout: config.json, tokenizer.json");
    expect((error as Error).message).not.toContain("models pull");
    // A missing directory named like a registry model: the pull command for that id.
    const missingMiniLm = path.join(os.tmpdir(), "airgap-eval-nowhere", "all-MiniLM-L6-v2");
    const pullError = await TransformersEmbeddings.load({ model: missingMiniLm }).catch(
      (err: unknown) => err,
    );
    expect(pullError).toBeInstanceOf(ModelNotFoundError);
    expect((pullError as Error).message).toContain("airgap-eval models pull all-MiniLM-L6-v2");
    expect((pullError as Error).message).toContain(missingMiniLm);

    const dir = mkdtempSync(path.join(os.tmpdir(), "airgap-eval-partial-"));
    try {
      await cp(tinyEncoderDir, dir, { recursive: true });
      rmSync(path.join(dir, "onnx", "model.onnx"));
      await expect(TransformersEmbeddings.load({ model: dir, quantized: false })).rejects.toThrow(
        /onnx\/model\.onnx is missing/,
      );
      rmSync(path.join(dir, "tokenizer.json"));
      await expect(TransformersEmbeddings.load({ model: dir })).rejects.toThrow(/tokenizer\.json is missing/);
      writeFileSync(path.join(dir, "not-a-dir"), "x");
      await expect(TransformersEmbeddings.load({ model: path.join(dir, "not-a-dir") })).rejects.toThrow(
        ModelNotFoundError,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    for (const [options, field] of [
      [{ batchSize: 0 }, "batchSize"],
      [{ threads: 1.5 }, "threads"],
      [{ maxLength: 65 }, "maxLength"],
      [{ maxLength: 2 }, "maxLength"],
      [{ pooling: "max" }, "pooling"],
    ] as const) {
      const err = await TransformersEmbeddings.load({ model: tinyEncoderDir, ...(options as object) }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(InvalidInputError);
      expect((err as InvalidInputError).field).toBe(field);
    }
  });

  it("wraps a corrupt or unusable tokenizer.json or tokenizer_config.json with the file's path and what to do", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "airgap-eval-corrupt-"));
    try {
      await cp(tinyEncoderDir, dir, { recursive: true });
      for (const file of ["tokenizer.json", "tokenizer_config.json"]) {
        const full = path.join(dir, file);
        const good = readFileSync(full);
        writeFileSync(full, good.subarray(0, Math.floor(good.length / 2)));
        const error = await TransformersEmbeddings.load({ model: dir }).catch((err: unknown) => err);
        expect(error).toBeInstanceOf(AirgapEvalError);
        expect(error).not.toBeInstanceOf(SyntaxError);
        const message = (error as Error).message;
        expect(message).toContain(`${full}: not valid JSON`);
        expect(message).toContain("copy the model directory to this machine again");
        expect((error as Error).cause).toBeInstanceOf(SyntaxError);
        writeFileSync(full, good);
      }
      // Valid JSON the tokenizer library cannot use: still the file's path and what to do.
      const tokenizerJson = path.join(dir, "tokenizer.json");
      const good = readFileSync(tokenizerJson, "utf8");
      const { decoder: _decoder, ...withoutDecoder } = JSON.parse(good) as Record<string, unknown>;
      for (const [body, says] of [
        ["null", "holds null, not a JSON object"],
        [
          JSON.stringify(withoutDecoder),
          '@huggingface/tokenizers could not load it (Tokenizer must contain a "decoder"',
        ],
      ] as const) {
        writeFileSync(tokenizerJson, body);
        const error = await TransformersEmbeddings.load({ model: dir }).catch((err: unknown) => err);
        expect(error).toBeInstanceOf(AirgapEvalError);
        expect((error as Error).message).toContain(`${tokenizerJson}: ${says}`);
        expect((error as Error).message).toContain("copy the model directory to this machine again");
      }
      writeFileSync(tokenizerJson, good);
      writeFileSync(path.join(dir, "config.json"), "{");
      await expect(TransformersEmbeddings.load({ model: dir })).rejects.toThrow(
        /config\.json: not valid JSON .*copy the model directory to this machine again/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives a text with no known token a zero vector, reports it, and never runs it through the model", async () => {
    const texts = ["cat", "zyxwv qqq", "qqq", "zyxwv qqq", "cat zyxwv", "\u200b"];
    const { vectors, unknownOnly } = await encoder.embedDetailed(texts);
    // All of "zyxwv qqq" and "qqq" are [UNK]; the zero-width space has no token at all.
    expect(unknownOnly).toEqual([1, 2, 3, 5]);
    for (const i of unknownOnly) {
      expect(Array.from(vectors[i]!)).toEqual(new Array(32).fill(0));
    }
    // A known word next to an unknown one is embedded as usual.
    expect(Math.abs(norm(vectors[4]!) - 1)).toBeLessThan(1e-5);
    expect(Math.abs(norm(vectors[0]!) - 1)).toBeLessThan(1e-5);
    expect((await encoder.embedDetailed(TEXTS)).unknownOnly).toEqual([]);
    // Zero without normalization too, and independent copies for duplicates.
    const raw = await TransformersEmbeddings.load({ model: tinyEncoderDir, normalize: false });
    const rawResult = await raw.embedDetailed(["qqq", "cat", "qqq"]);
    expect(rawResult.unknownOnly).toEqual([0, 2]);
    expect(rawResult.vectors[0]!.every((x) => x === 0)).toBe(true);
    expect(rawResult.vectors[0]).not.toBe(rawResult.vectors[2]);
  });

  it("serves concurrent calls correctly and refuses calls after dispose", async () => {
    const e = await TransformersEmbeddings.load({ model: tinyEncoderDir, batchSize: 2 });
    const [a, b] = await Promise.all([e.embed(TEXTS), e.embed([...TEXTS].reverse())]);
    expect(maxAbsDiff(a, [...b].reverse())).toBeLessThan(1e-6);
    await e[Symbol.asyncDispose]();
    await expect(e.embed(["cat"])).rejects.toThrow(/disposed/);
  });
});

describe("TransformersEmbeddings.load by registry id", () => {
  const id = "acme/tiny-encoder";
  const files = ["config.json", "tokenizer.json", "tokenizer_config.json", "onnx/model.onnx"];
  const settings = { dimensions: 32, pooling: "cls", normalize: false, quantized: false, maxLength: 16 };
  let modelsDir: string;

  function registryWith(embedding: Record<string, unknown>, corruptOnnxPin = false) {
    const bodies = files.map((file) => ({ path: file, body: readFileSync(path.join(tinyEncoderDir, file)) }));
    const entry = { ...onnxEntry(id, "acme/tiny-encoder", bodies), embedding };
    if (corruptOnnxPin) {
      const onnx = entry.source.files.find((f) => f.path === "onnx/model.onnx")!;
      onnx.sha256 = "0".repeat(64);
    }
    return parseRegistry(registryOf([entry]), path.join(modelsDir, "models.json"));
  }

  beforeAll(async () => {
    modelsDir = mkdtempSync(path.join(os.tmpdir(), "airgap-eval-models-dir-"));
    await cp(tinyEncoderDir, path.join(modelsDir, ...id.split("/")), { recursive: true });
  });

  afterAll(() => {
    rmSync(modelsDir, { recursive: true, force: true });
  });

  it("finds the id in the models directory and applies the entry's embedding settings", async () => {
    const registry = registryWith(settings);
    const byId = await TransformersEmbeddings.load({ model: id, modelsDir, registry });
    expect(byId.id).toBe(id);
    expect(byId.maxLength).toBe(16);
    const p = byId.provenance();
    expect(p.path).toBe(path.join(modelsDir, "acme", "tiny-encoder", "onnx", "model.onnx"));
    expect(p.settings).toMatchObject({ pooling: "cls", normalize: false, quantized: false, maxLength: 16 });
    expect(p.sha256).toBe(registry.get(id)!.source.files.find((f) => f.path === "onnx/model.onnx")!.sha256);
    // The same vectors as the directory loaded with those options spelled out.
    const byDir = await TransformersEmbeddings.load({
      model: path.join(modelsDir, "acme", "tiny-encoder"),
      pooling: "cls",
      normalize: false,
      quantized: false,
      maxLength: 16,
    });
    expect(maxAbsDiff(await byId.embed(TEXTS), await byDir.embed(TEXTS))).toBe(0);
  });

  it("lets explicit options override the registry settings", async () => {
    const registry = registryWith(settings);
    const e = await TransformersEmbeddings.load({
      model: id,
      modelsDir,
      registry,
      pooling: "mean",
      normalize: true,
      quantized: true,
      maxLength: 64,
      id: "custom",
    });
    expect(e.id).toBe("custom");
    expect(e.provenance().settings).toMatchObject({
      pooling: "mean",
      normalize: true,
      quantized: true,
      maxLength: 64,
    });
    // onnx/model_quantized.onnx is not listed in the registry, so nothing pins it; it loads as a plain file.
    expect(e.provenance().path).toBe(
      path.join(modelsDir, "acme", "tiny-encoder", "onnx", "model_quantized.onnx"),
    );
    expect(maxAbsDiff(await e.embed(TEXTS), await encoder.embed(TEXTS))).toBe(0);
  });

  it("refuses an ONNX file whose sha256 differs from the pinned one, and a dimensions mismatch", async () => {
    const pinned = registryWith(settings, true);
    const error = await TransformersEmbeddings.load({ model: id, modelsDir, registry: pinned }).catch(
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(ModelIntegrityError);
    expect((error as ModelIntegrityError).expectedSha256).toBe("0".repeat(64));
    expect((error as Error).message).toContain(`airgap-eval models pull ${id}`);

    const wrongSize = registryWith({ ...settings, dimensions: 384 });
    await expect(TransformersEmbeddings.load({ model: id, modelsDir, registry: wrongSize })).rejects.toThrow(
      /has 32 dimensions, but the registry .* says 384/,
    );
  });

  it("names the pull command and the target folder when the id is not on this machine", async () => {
    const registry = registryWith(settings);
    const empty = mkdtempSync(path.join(os.tmpdir(), "airgap-eval-empty-models-"));
    try {
      const error = await TransformersEmbeddings.load({ model: id, modelsDir: empty, registry }).catch(
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(ModelNotFoundError);
      expect((error as Error).message).toContain(`airgap-eval models pull ${id}`);
      expect((error as Error).message).toContain(path.join(empty, "acme", "tiny-encoder"));
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
