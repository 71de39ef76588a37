// The starter GloVe encoder (scripts/build-starter-model.ts, issue 5) through the real runtime:
// it loads offline (by directory and by registry id), gives the same vectors on every load, orders the
// seed examples and the sanity set the right way round, matches its models.json entry byte for byte,
// and gives a text with no known word a reported zero vector (never NaN, never a score).
import { readFileSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AutoTokenizer, env, pipeline } from "@xenova/transformers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildStarterModel, type StarterBuildResult } from "../scripts/build-starter-model.js";
import { fromFloat16Bits, toFloat16Bits } from "../scripts/starter/float16.js";
import { defaultRecipe } from "../scripts/starter/recipe.js";
import { referenceTokenIds } from "../scripts/starter/reference-encoder.js";
import { loadSanityTriples, scoreTriples } from "../scripts/starter/sanity-set.js";
import { cosineSimilarity, TransformersEmbeddings } from "../src/embeddings/index.js";
import { SemanticSimilarity } from "../src/metrics/semantic-similarity/metric.js";
import { loadRegistry } from "../src/models/registry.js";
import { TextTokenizer } from "../src/tokenizers/index.js";
import { repoRoot, starterModelDir } from "./setup/paths.js";

/**
 * Floor for the sanity-set accuracy. Measured with the default recipe: 66/70 = 94.3% (bench/starter-quality.ts);
 * the floor leaves room for three more misorderings before the test fails.
 */
const SANITY_FLOOR = 0.9;

const triples = loadSanityTriples(path.join(repoRoot, "test", "fixtures", "sanity-triples.json"));
const sanityTexts = [...new Set(triples.flatMap((t) => [t.anchor, t.closer, t.farther]))];
const einstein = {
  reference: "Albert Einstein's theory of relativity revolutionized our understanding of the universe.",
  high: "Einstein's groundbreaking theory of relativity transformed our comprehension of the cosmos.",
  low: "Isaac Newton's laws of motion greatly influenced classical physics.",
};
const france = {
  question: "Where is France and what is it's capital?",
  full: "France is in western Europe and Paris is its capital.",
  partial: "France is in western Europe.",
};
// GloVe's vocabulary (as shipped) has no numbers and no non-Latin scripts: these texts carry no information.
const noKnownWord = [
  "zzqx wvvkj",
  "12345 67890",
  "qqqq",
  "42",
  "7",
  "1889",
  "2024",
  "Привет мир",
  "こんにちは",
];

let built: StarterBuildResult;
let first: TransformersEmbeddings;
let second: TransformersEmbeddings;
let vectors: Map<string, Float32Array>;

beforeAll(async () => {
  // The global setup already built it; this returns at once when the build is up to date.
  built = await buildStarterModel(starterModelDir);
  first = await TransformersEmbeddings.load({ model: starterModelDir });
  second = await TransformersEmbeddings.load({ model: starterModelDir });
  const texts = [...sanityTexts, ...Object.values(einstein), ...Object.values(france)];
  const embedded = await first.embed(texts);
  vectors = new Map(texts.map((t, i) => [t, embedded[i]!]));
});

afterAll(async () => {
  await first?.dispose();
  await second?.dispose();
});

describe("starter model build", () => {
  it("stays within 25 MB and ships no quantized variant", () => {
    expect(built.totalBytes).toBeLessThanOrEqual(25_000_000);
    expect(Object.keys(built.files)).not.toContain("onnx/model_quantized.onnx");
    expect(built.recipe).toEqual(defaultRecipe);
  });

  it("carries the public-domain notice and says what the model is", () => {
    expect(readFileSync(path.join(starterModelDir, "LICENSE"), "utf8")).toContain(
      "Public Domain Dedication and License",
    );
    expect(readFileSync(path.join(starterModelDir, "README.md"), "utf8")).toContain("averaged word vectors");
  });

  it("writes the same bytes on every build and skips an up-to-date output", async () => {
    // A small vocabulary keeps this fast; the code path is the one of the full build.
    const recipe = { ...defaultRecipe, vocabularySize: 2000 };
    const dirA = await mkdtemp(path.join(os.tmpdir(), "starter-a-"));
    const dirB = await mkdtemp(path.join(os.tmpdir(), "starter-b-"));
    try {
      const a = await buildStarterModel(dirA, { recipe });
      const b = await buildStarterModel(dirB, { recipe });
      expect(a.upToDate).toBe(false);
      expect(b.files).toEqual(a.files);
      expect(b.sha256).toMatch(/^[0-9a-f]{64}$/);
      const again = await buildStarterModel(dirA, { recipe });
      expect(again.upToDate).toBe(true);
      expect(again.sha256).toBe(a.sha256);
    } finally {
      await rm(dirA, { recursive: true, force: true });
      await rm(dirB, { recursive: true, force: true });
    }
  });

  it("matches the models.json entry starter/glove-100d file by file (size and sha256)", () => {
    const entry = loadRegistry(path.join(repoRoot, "models.json")).get("starter/glove-100d");
    expect(entry?.source.files.map((f) => f.path).sort()).toEqual(
      ["config.json", "onnx/model.onnx", "tokenizer.json", "tokenizer_config.json"].sort(),
    );
    for (const file of entry!.source.files) {
      const where = `models.json starter/glove-100d ${file.path} (rebuild and update models.json)`;
      expect(built.files[file.path], where).toBe(file.sha256);
      expect(statSync(path.join(starterModelDir, file.path)).size, where).toBe(file.size);
    }
    expect(built.sha256).toBe(entry!.source.files.find((f) => f.path === "onnx/model.onnx")!.sha256);
  });

  it("converts float16 with round-to-nearest-even", () => {
    expect(toFloat16Bits(1)).toBe(0x3c00);
    expect(toFloat16Bits(-2)).toBe(0xc000);
    expect(toFloat16Bits(65504)).toBe(0x7bff);
    expect(toFloat16Bits(1e6)).toBe(0x7c00);
    expect(toFloat16Bits(2 ** -24)).toBe(0x0001);
    expect(toFloat16Bits(1 + 2 ** -11)).toBe(0x3c00); // tie, rounds to even
    expect(toFloat16Bits(1 + 3 * 2 ** -11)).toBe(0x3c02); // tie, rounds up to even
    for (const x of [0.1, -0.7391, 2.71, 1e-4]) {
      expect(Math.abs(fromFloat16Bits(toFloat16Bits(x)) - x)).toBeLessThanOrEqual(Math.abs(x) * 2 ** -11);
    }
  });
});

describe("starter model through TransformersEmbeddings (offline)", () => {
  it("loads from local files and reports the built file's sha256", () => {
    expect(first.dimensions).toBe(100);
    expect(first.provenance().sha256).toBe(built.sha256);
  });

  it("loads by its registry id from inside the package, with the same vectors", async () => {
    await using byId = await TransformersEmbeddings.load({ model: "starter/glove-100d" });
    expect(byId.id).toBe("starter/glove-100d");
    expect(byId.provenance().path).toBe(path.join(starterModelDir, "onnx", "model.onnx"));
    expect(byId.provenance().sha256).toBe(built.sha256);
    expect(byId.provenance().settings).toMatchObject({ pooling: "mean", normalize: true, quantized: false });
    const texts = [einstein.reference, france.question];
    expect((await byId.embed(texts)).map((v) => Array.from(v))).toEqual(
      (await first.embed(texts)).map((v) => Array.from(v)),
    );
  });

  it("gives identical vectors on two separate loads", async () => {
    const texts = [einstein.reference, france.question, "a cat sat on the mat", noKnownWord[0]!];
    const a = await first.embed(texts);
    const b = await second.embed(texts);
    expect(b.map((v) => Array.from(v))).toEqual(a.map((v) => Array.from(v)));
  });

  it("orders the Einstein seed example like the Ragas documentation", () => {
    const ref = vectors.get(einstein.reference)!;
    const high = cosineSimilarity(ref, vectors.get(einstein.high)!);
    const low = cosineSimilarity(ref, vectors.get(einstein.low)!);
    expect(high).toBeGreaterThan(low);
  });

  it("finds the full answer closer to the France question than the partial one", () => {
    const q = vectors.get(france.question)!;
    expect(cosineSimilarity(q, vectors.get(france.full)!)).toBeGreaterThan(
      cosineSimilarity(q, vectors.get(france.partial)!),
    );
  });

  it(`orders at least ${SANITY_FLOOR * 100}% of the sanity triples correctly`, () => {
    const score = scoreTriples(triples, (text) => vectors.get(text)!);
    expect(triples.length).toBeGreaterThanOrEqual(60);
    expect(score.accuracy, `misordered: ${score.failures.join(", ")}`).toBeGreaterThanOrEqual(SANITY_FLOOR);
  });

  it("gives a text with no known word a zero vector and reports it in unknownOnly", async () => {
    const texts = [einstein.reference, ...noKnownWord];
    const { vectors: out, unknownOnly } = await first.embedDetailed(texts);
    expect(unknownOnly).toEqual(noKnownWord.map((_, i) => i + 1));
    expect(Math.hypot(...out[0]!)).toBeCloseTo(1, 5);
    for (const v of out.slice(1)) expect(Array.from(v)).toEqual(new Array(100).fill(0));
    // An unknown word next to known ones counts as nothing: it only scales the mean.
    const [withNoise] = await first.embed([`${einstein.reference} zzqx 42`]);
    expect(cosineSimilarity(withNoise!, vectors.get(einstein.reference)!)).toBeCloseTo(1, 6);
  });

  it("makes semantic similarity an error row, not 1.0, for texts with no known word", async () => {
    const metric = new SemanticSimilarity({ embeddings: first });
    for (const [response, reference] of [
      ["42", "7"],
      ["1889", "2024"],
      ["Привет мир", "こんにちは"],
    ] as const) {
      const result = await metric.score({ response, reference });
      expect(result.status, `${response} vs ${reference}`).toBe("error");
      expect(result.value ?? null).toBeNull();
      expect(result.error).toMatch(/zero vector/);
    }
    const known = await metric.score({ response: "a cat sat", reference: "a kitten sat" });
    expect(known.status).toBe("ok");
  });
});

describe("starter model through the transformers.js pipeline", () => {
  it("matches TransformersEmbeddings, and both tokenizers give the reference ids; unknown-only text is NaN there", async () => {
    env.allowRemoteModels = false;
    env.allowLocalModels = true;
    env.localModelPath = `${path.dirname(starterModelDir)}/`;
    const name = path.basename(starterModelDir);
    const extractor = await pipeline("feature-extraction", name, { quantized: false });
    try {
      const known = [einstein.reference, france.question, "a cat sat on the mat"];
      const output = await extractor([...known, ...noKnownWord], { pooling: "mean", normalize: true });
      const data = output.data as Float32Array;
      const row = (i: number) => data.subarray(i * 100, (i + 1) * 100);
      // Every special token is a zero row, so the bare pipeline divides 0 by 0 for a text with no known
      // word; TransformersEmbeddings returns a zero vector instead and reports the text (test above).
      noKnownWord.forEach((text, j) => {
        expect(row(known.length + j).every(Number.isNaN), text).toBe(true);
      });
      const ours = await first.embed(known);
      let maxDiff = 0;
      ours.forEach((v, i) => {
        const theirs = row(i);
        expect(theirs.every(Number.isFinite)).toBe(true);
        v.forEach((x, k) => {
          maxDiff = Math.max(maxDiff, Math.abs(x - theirs[k]!));
        });
      });
      expect(maxDiff).toBeLessThan(1e-5);
    } finally {
      await extractor.dispose();
    }

    // Both the tokenizer airgap-eval runs and transformers.js's give the ids the build script meant.
    const tokenizer = await AutoTokenizer.from_pretrained(name);
    const ours = await TextTokenizer.load(starterModelDir);
    const vocab = JSON.parse(readFileSync(path.join(starterModelDir, "tokenizer.json"), "utf8")) as {
      model: { vocab: Record<string, number> };
    };
    const wordIndex = new Map(Object.entries(vocab.model.vocab).map(([w, id]) => [w, id - 4] as const));
    const edgeCases = ["Don’t stop — it’s “great”!", "WON'T can't isn't", "well-known U.S. café 3.5%", "  "];
    for (const text of [...sanityTexts, ...edgeCases]) {
      const ids = Array.from(tokenizer(text).input_ids.data as BigInt64Array, Number);
      expect(ids, text).toEqual(referenceTokenIds(text, wordIndex));
      expect(ours.encodeSingle(text, 4096).ids, text).toEqual(ids);
    }
  });
});
