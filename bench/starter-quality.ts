// Quality and speed of the starter GloVe encoder.
//
//   node --import tsx bench/starter-quality.ts [--quick]
//
// 1. Scores table variants (vocabulary size, SIF weighting, common-component removal, storage)
//    on test/fixtures/sanity-triples.json with a plain-JS mirror of the model (same tokenizer,
//    lookup, mean pooling and normalization), so no ONNX file is written per variant.
// 2. Builds (or reuses) models/starter/glove-100d and scores it through the real runtime:
//    @xenova/transformers feature extraction, offline, mean pooling + normalize.
// --quick skips the variant sweep.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { env, pipeline } from "@xenova/transformers";
import { buildStarterModel } from "../scripts/build-starter-model.js";
import { fromFloat16Bits, toFloat16Array } from "../scripts/starter/float16.js";
import { locateGloveSource } from "../scripts/starter/glove-source.js";
import { defaultRecipe, type StarterRecipe } from "../scripts/starter/recipe.js";
import {
  referenceEmbedding,
  referencePieces,
  referenceTokenIds,
} from "../scripts/starter/reference-encoder.js";
import { loadSanityTriples, type SanityScore, scoreTriples } from "../scripts/starter/sanity-set.js";
import { buildTable, type StarterVocabulary, selectVocabulary } from "../scripts/starter/weighting.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const triples = loadSanityTriples(path.join(repoRoot, "test", "fixtures", "sanity-triples.json"));
const texts = [...new Set(triples.flatMap((t) => [t.anchor, t.closer, t.farther]))];

function format(score: SanityScore): string {
  return (
    `${(score.accuracy * 100).toFixed(1).padStart(5)}% (${score.correct}/${score.total})  ` +
    `margin ${score.meanMargin.toFixed(3)}  unrelated cos ${score.unrelatedMean.toFixed(2)}±${score.unrelatedSd.toFixed(2)}  ` +
    `separation ${score.separation.toFixed(2)}`
  );
}

function subVocabulary(full: StarterVocabulary, size: number): StarterVocabulary {
  return {
    ...full,
    words: full.words.slice(0, size),
    ranks: full.ranks.slice(0, size),
    raw: full.raw.slice(0, size * full.dimensions),
  };
}

function scoreRecipe(full: StarterVocabulary, recipe: StarterRecipe): SanityScore {
  const vocabulary = subVocabulary(full, recipe.vocabularySize);
  const index = new Map(vocabulary.words.map((w, i) => [w, i]));
  let { table } = buildTable(vocabulary, recipe);
  if (recipe.storage === "float16") table = Float32Array.from(toFloat16Array(table), fromFloat16Bits);
  const cache = new Map<string, Float32Array>();
  return scoreTriples(triples, (text) => {
    let v = cache.get(text);
    if (!v) {
      v = referenceEmbedding(referenceTokenIds(text, index), table, vocabulary.dimensions);
      cache.set(text, v);
    }
    return v;
  });
}

async function sweep(): Promise<void> {
  const source = locateGloveSource(repoRoot);
  const started = performance.now();
  const full = selectVocabulary(source.dataFile, 150_000);
  console.log(
    `Read ${full.words.length} words from ${source.dataFile} in ${(performance.now() - started).toFixed(0)} ms\n`,
  );

  const base: StarterRecipe = { ...defaultRecipe, storage: "float32" };
  const variants: [string, StarterRecipe][] = [
    ["plain mean, no weighting", { ...base, sifA: null, removeComponents: 0 }],
    ["plain mean + remove 1 component", { ...base, sifA: null, removeComponents: 1 }],
    ["SIF a=1e-3", { ...base, sifA: 1e-3, removeComponents: 0 }],
    ["SIF a=3e-4", { ...base, sifA: 3e-4, removeComponents: 0 }],
    ["SIF a=1e-4", { ...base, sifA: 1e-4, removeComponents: 0 }],
    ["SIF a=3e-5", { ...base, sifA: 3e-5, removeComponents: 0 }],
    ["SIF a=1e-5", { ...base, sifA: 1e-5, removeComponents: 0 }],
    ["SIF a=1e-3 + remove 1 (frequency-weighted)", { ...base, sifA: 1e-3, removeComponents: 1 }],
    ["SIF a=1e-4 + remove 1 (frequency-weighted)", { ...base, sifA: 1e-4, removeComponents: 1 }],
    ["SIF a=1e-4 + remove 2 (frequency-weighted)", { ...base, sifA: 1e-4, removeComponents: 2 }],
    [
      "SIF a=1e-4 + remove 1 (uniform)",
      { ...base, sifA: 1e-4, removeComponents: 1, componentWeighting: "uniform" },
    ],
    [
      "SIF a=1e-4 + centre + remove 1 (uniform)",
      { ...base, sifA: 1e-4, centre: true, removeComponents: 1, componentWeighting: "uniform" },
    ],
  ];
  console.log(
    `Variants at K = ${base.vocabularySize.toLocaleString("en-US")} (sanity set, ${triples.length} triples):`,
  );
  for (const [name, recipe] of variants) {
    const score = scoreRecipe(full, recipe);
    const marker =
      JSON.stringify({ ...recipe, storage: "float16" }) === JSON.stringify(defaultRecipe)
        ? "  <- default"
        : "";
    console.log(`  ${name.padEnd(44)} ${format(score)}${marker}`);
  }

  const pieces = texts.flatMap((t) => referencePieces(t));
  console.log(
    `\nVocabulary size K with the default weighting (${pieces.length} word pieces in the sanity texts):`,
  );
  for (const size of [10_000, 20_000, 50_000, 100_000, 150_000]) {
    const known = new Set(full.words.slice(0, size));
    const unknown = pieces.filter((p) => !known.has(p)).length;
    const score = scoreRecipe(full, { ...base, vocabularySize: size });
    console.log(
      `  K = ${size.toLocaleString("en-US").padEnd(8)} float16 table ${((size * 200) / 1e6).toFixed(0).padStart(2)} MB  ` +
        `unknown pieces ${((unknown / pieces.length) * 100).toFixed(1).padStart(4)}%  ${format(score)}`,
    );
  }
  console.log(`\nStorage: float32 ${format(scoreRecipe(full, base))}`);
  console.log(`         float16 ${format(scoreRecipe(full, defaultRecipe))}\n`);
}

async function runtime(): Promise<void> {
  const outDir = path.join(repoRoot, "models", "starter", "glove-100d");
  let started = performance.now();
  const built = await buildStarterModel(outDir);
  console.log(
    `Model ${outDir}: ${built.upToDate ? "up to date" : "built"} in ${(performance.now() - started).toFixed(0)} ms; ` +
      `model.onnx ${(built.modelBytes / 1e6).toFixed(2)} MB, all files ${(built.totalBytes / 1e6).toFixed(2)} MB; sha256 ${built.sha256}`,
  );
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = path.dirname(outDir);
  started = performance.now();
  const extractor = await pipeline("feature-extraction", path.basename(outDir), { quantized: false });
  const loadMs = performance.now() - started;
  started = performance.now();
  const output = await extractor(texts, { pooling: "mean", normalize: true });
  const embedMs = performance.now() - started;
  const vectors = new Map(
    texts.map((t, i) => [t, output.data.slice(i * 100, i * 100 + 100) as Float32Array]),
  );
  const score = scoreTriples(triples, (text) => vectors.get(text)!);
  console.log(`Runtime (transformers.js feature-extraction, mean pooling, normalize): ${format(score)}`);
  if (score.failures.length > 0) console.log(`  wrongly ordered: ${score.failures.join(", ")}`);
  const byKind = new Map<string, typeof triples>();
  for (const t of triples) byKind.set(t.kind, [...(byKind.get(t.kind) ?? []), t]);
  for (const [kind, group] of byKind) {
    const part = scoreTriples(group, (text) => vectors.get(text)!);
    console.log(
      `  ${kind.padEnd(9)} ${(part.accuracy * 100).toFixed(1).padStart(5)}% (${part.correct}/${part.total})  margin ${part.meanMargin.toFixed(3)}`,
    );
  }
  console.log(
    `  load ${loadMs.toFixed(0)} ms; embed ${texts.length} texts in one call ${embedMs.toFixed(0)} ms ` +
      `(${(embedMs / texts.length).toFixed(2)} ms/text)`,
  );
  await extractor.dispose();
}

if (!process.argv.includes("--quick")) await sweep();
await runtime();
