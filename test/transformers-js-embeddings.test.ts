// TransformersJsEmbeddings over a real @xenova/transformers 2.17.2 feature-extraction pipeline, loaded from local
// files only, compared with the built-in TransformersEmbeddings on the same model directory. To compare on another
// model, add a line to MODELS (or set one of the environment variables below to a model directory in the
// transformers.js layout).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { env, pipeline } from "@xenova/transformers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Cache } from "../src/cache/cache.js";
import {
  CachedEmbeddings,
  cosineSimilarity,
  TransformersEmbeddings,
  TransformersJsEmbeddings,
  type TransformersJsPipeline,
} from "../src/embeddings/index.js";
import { AirgapEvalError, InvalidInputError } from "../src/errors.js";
import { onnxRuntime } from "../src/onnx/session.js";
import { modelIdentity } from "../src/results/hash.js";
import { starterModelDir, tinyEncoderDir } from "./setup/paths.js";

interface ModelCase {
  name: string;
  /** Model directory in the transformers.js layout; undefined skips the case (one line, saying `skip`). */
  dir: string | undefined;
  quantized: boolean;
  /** Why the case is skipped when `dir` is undefined. */
  skip?: string;
}

const realMiniLm = (variable: string, quantized: boolean): ModelCase => ({
  name: `all-MiniLM-L6-v2 ${quantized ? "int8" : "fp32"}`,
  dir: process.env[variable] || undefined,
  quantized,
  skip: `set ${variable} to its model directory to compare on it`,
});

const MODELS: ModelCase[] = [
  { name: "tiny test encoder", dir: tinyEncoderDir, quantized: true },
  { name: "starter/glove-100d", dir: starterModelDir, quantized: false },
  realMiniLm("AIRGAP_EVAL_REAL_MINILM_INT8", true),
  realMiniLm("AIRGAP_EVAL_REAL_MINILM_FP32", false),
];

// Lengths from one word to about 25 (all within the tiny encoder's 64 tokens); case, punctuation, accents, a number,
// a duplicate, and texts whose words no model here knows.
const TEXTS = [
  "Paris is the capital of France.",
  "cat",
  "The quick brown fox? No: the quick RED dog ran over the green field, then stopped near the old tree.",
  "hello world",
  "Einstein's theory of relativity changed physics in 1905.",
  "cat",
  "Café au lait, naïve résumé — déjà vu!",
  "What is the boiling point of water at sea level?",
  "zyxwv qqq",
  "42",
  "a kitten sat on the mat by the door",
  "  leading and trailing spaces  ",
];

/** About 900 tokens: over the tiny encoder's limit (64) and MiniLM's (512), within the starter's (4096). */
const LONG = Array.from({ length: 90 }, (_, i) => `the old tree stood near the river number ${i % 7}`).join(
  " ",
);

/** A @xenova/transformers feature-extraction pipeline over a local model directory; never downloads. */
async function loadPipeline(dir: string, quantized: boolean) {
  env.allowRemoteModels = false;
  env.useFSCache = false;
  env.localModelPath = `${path.dirname(dir)}/`;
  return pipeline("feature-extraction", path.basename(dir), { quantized, local_files_only: true });
}

const isZero = (v: Float32Array) => v.every((x) => x === 0);

// onnxruntime-node 1.17 (airgap-eval's) started after 1.14 (@xenova/transformers 2.x's) has created a session
// crashes the process (segmentation fault), so it starts first, as docs/embeddings.md tells users.
beforeAll(() => onnxRuntime());

for (const { name, skip } of MODELS.filter((m) => m.dir === undefined)) {
  it.skip(`TransformersJsEmbeddings on ${name}: ${skip}`);
}

describe.each(MODELS.filter((m) => m.dir !== undefined))("TransformersJsEmbeddings on $name", (model) => {
  const dir = model.dir!;
  const { quantized } = model;
  let adapter: TransformersJsEmbeddings;
  let builtIn: TransformersEmbeddings;

  beforeAll(async () => {
    // The real pipeline object, passed as it is: its type fits TransformersJsPipeline without a cast.
    adapter = await TransformersJsEmbeddings.fromPipeline(await loadPipeline(dir, quantized));
    builtIn = await TransformersEmbeddings.load({
      model: dir,
      quantized,
      // The pipeline truncates at the tokenizer's model_max_length: the built-in engine does the same here.
      maxLength: adapter.maxLength,
      longText: "truncate",
    });
  });

  afterAll(async () => {
    await adapter?.dispose();
    await builtIn?.dispose();
  });

  it("gives the built-in engine's vectors (cosine >= 0.9999 per text)", async () => {
    const [ours, theirs] = [await adapter.embedDetailed(TEXTS), await builtIn.embedDetailed(TEXTS)];
    expect(adapter.dimensions).toBe(builtIn.dimensions);
    TEXTS.forEach((text, i) => {
      const [a, b] = [ours.vectors[i]!, theirs.vectors[i]!];
      // A text with no known token: a zero vector from both, never NaN.
      if (isZero(b)) expect(isZero(a), `texts[${i}] ${text}`).toBe(true);
      else expect(cosineSimilarity(a, b), `texts[${i}] ${text}`).toBeGreaterThanOrEqual(0.9999);
    });
    expect(ours.vectors.filter(isZero).length).toBeLessThanOrEqual(2);
    expect(ours.longTexts.every((note) => note === undefined)).toBe(true);
  });

  it("reports a text over the tokenizer's limit as the built-in engine does", async () => {
    const [ours, theirs] = [await adapter.embedDetailed([LONG]), await builtIn.embedDetailed([LONG])];
    expect(ours.longTexts).toEqual(theirs.longTexts);
    // @xenova/transformers 2.x truncates after adding the special tokens, so its last token is a word where the
    // built-in engine keeps [SEP]: nearly the same vector (0.9990 measured on the tiny encoder), not the same.
    const floor = ours.longTexts[0] === undefined ? 0.9999 : 0.99;
    expect(cosineSimilarity(ours.vectors[0]!, theirs.vectors[0]!)).toBeGreaterThanOrEqual(floor);
  });

  it("does not depend on how texts are grouped into pipeline calls", async () => {
    const apart = await TransformersJsEmbeddings.fromPipeline(await loadPipeline(dir, quantized), {
      batchSize: 2,
    });
    const [together, inPairs] = [await adapter.embed(TEXTS), await apart.embed(TEXTS)];
    inPairs.forEach((v, i) => {
      if (!isZero(v)) expect(cosineSimilarity(v, together[i]!)).toBeGreaterThanOrEqual(0.99999);
    });
    // The same model loaded again has the same identity.
    expect(apart.provenance().sha256).toBe(adapter.provenance().sha256);
    await apart.dispose();
  });
});

describe("TransformersJsEmbeddings provenance and identity", () => {
  it("records the model, the library and a fingerprint that tells models of the same name apart", async () => {
    await using int8 = await TransformersJsEmbeddings.fromPipeline(await loadPipeline(tinyEncoderDir, true), {
      quantized: true,
    });
    await using fp32 = await TransformersJsEmbeddings.fromPipeline(
      await loadPipeline(tinyEncoderDir, false),
      {
        quantized: false,
      },
    );
    const provenance = int8.provenance();
    expect(provenance).toMatchObject({
      id: "airgap-eval/tiny-onnx-encoder", // config.json's _name_or_path
      kind: "embedding",
      runtime: { name: "@xenova/transformers", version: "2.17.2" },
      settings: {
        pooling: "mean",
        normalize: true,
        quantized: true,
        revision: null,
        modelType: "bert",
        maxLength: 64,
        longText: "truncate",
        sha256Of: "probe-vectors",
      },
      performance: { batchSize: 32 },
    });
    expect(provenance.sha256).toMatch(/^[0-9a-f]{64}$/);
    // Same name, different weights: a different identity, so cached vectors and resumed rows are not mixed up.
    expect(fp32.id).toBe(int8.id);
    expect(fp32.provenance().sha256).not.toBe(provenance.sha256);
    expect(modelIdentity(fp32.provenance())).not.toEqual(modelIdentity(provenance));
  });

  it("keeps vectors in the result cache under that identity", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "airgap-tjs-cache-"));
    try {
      const extractor = await loadPipeline(tinyEncoderDir, true);
      let calls = 0;
      const counting = Object.assign(
        (texts: string[], options: Parameters<TransformersJsPipeline>[1]) => {
          calls += 1;
          return extractor(texts, options);
        },
        { model: extractor.model, tokenizer: extractor.tokenizer },
      );
      const embeddings = await TransformersJsEmbeddings.fromPipeline(counting);
      const cache = Cache.open({ path: path.join(dir, "cache.sqlite") });
      const cached = new CachedEmbeddings(embeddings, cache);
      const first = await cached.embed(["Paris is the capital of France.", "cat"]);
      const afterFirst = calls;
      const again = await cached.embed(["cat", "Paris is the capital of France."]);
      expect(calls).toBe(afterFirst);
      expect(cached.bypassed).toBe(0);
      expect([...again[1]!]).toEqual([...first[0]!]);
      cache.close();
      await embeddings.dispose();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("the constructor wraps without running the pipeline: dimensions from config.json, identity only when given", async () => {
    const extractor = await loadPipeline(tinyEncoderDir, true);
    const plain = new TransformersJsEmbeddings(extractor, { id: "tiny", disposePipeline: false });
    expect(plain.dimensions).toBe(32);
    expect(plain.provenance()).toMatchObject({ id: "tiny", sha256: null, settings: { sha256Of: null } });
    const sha256 = "ab".repeat(32);
    const given = new TransformersJsEmbeddings(extractor, { sha256, pooling: "cls" });
    expect(given.provenance()).toMatchObject({ sha256, settings: { sha256Of: "given", pooling: "cls" } });
    expect((await given.embed(["Paris"]))[0]).toHaveLength(32);
    await given.dispose();
    await plain.dispose();
  });
});

describe("TransformersJsEmbeddings errors", () => {
  it("names the text the pipeline failed on", async () => {
    const extractor = await loadPipeline(tinyEncoderDir, true);
    const failing = Object.assign(
      async (texts: string[], options: Parameters<TransformersJsPipeline>[1]) => {
        if (texts.some((t) => t.includes("boom"))) throw new Error("ONNX run failed: bad input");
        return extractor(texts, options);
      },
      { model: extractor.model, tokenizer: extractor.tokenizer },
    );
    const embeddings = await TransformersJsEmbeddings.fromPipeline(failing);
    const run = embeddings.embed(["Paris is the capital of France.", "cat", "the boom text", "hello world"]);
    await expect(run).rejects.toThrow(AirgapEvalError);
    await expect(run).rejects.toThrow(
      'the transformers.js pipeline failed on texts[2] ("the boom text"): ONNX run failed: bad input',
    );
    await extractor.dispose();
  });

  it("names the text for which the pipeline returned a non-finite value", async () => {
    const extractor = await loadPipeline(tinyEncoderDir, true);
    const damaged = Object.assign(
      async (texts: string[], options: Parameters<TransformersJsPipeline>[1]) => {
        const output = await extractor(texts, options);
        const at = texts.indexOf("hello world");
        if (at >= 0) (output.data as Float32Array)[at * 32] = Number.NaN;
        return output;
      },
      { model: extractor.model, tokenizer: extractor.tokenizer },
    );
    const embeddings = await TransformersJsEmbeddings.fromPipeline(damaged);
    await expect(embeddings.embed(["cat", "hello world"])).rejects.toThrow(
      "the transformers.js pipeline returned a non-finite value for texts[1]",
    );
    await extractor.dispose();
  });

  it("refuses pooling none on a model that returns token vectors, and bad input, before embedding", async () => {
    const extractor = await loadPipeline(tinyEncoderDir, true);
    await expect(TransformersJsEmbeddings.fromPipeline(extractor, { pooling: "none" })).rejects.toThrow(
      'pooling "none" keeps one vector per token; use pooling "mean" or "cls"',
    );
    expect(() => new TransformersJsEmbeddings(extractor, { batchSize: 0 })).toThrow(InvalidInputError);
    expect(
      () => new TransformersJsEmbeddings({} as unknown as TransformersJsPipeline, { dimensions: 4 }),
    ).toThrow(/expected a transformers.js pipeline \(a function\)/);
    const embeddings = new TransformersJsEmbeddings(extractor);
    await expect(embeddings.embed(["cat", "  "])).rejects.toThrow(/texts\[1\]/);
    await embeddings.dispose();
    await expect(embeddings.embed(["cat"])).rejects.toThrow(/was disposed/);
  });
});
