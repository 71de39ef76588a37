// Lays out the real models of the manifest under <cache>/models/<id>, verifying every file, and returns each
// model's path: the GGUF file of a judge, the transformers.js directory of an encoder.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureArchives } from "./archives.js";
import { ensureExportEnvironment, exportOnnx } from "./export-environment.js";
import { copyMembers, extractFile } from "./extract.js";
import { loadManifest, type Manifest, type ManifestFile, type ManifestModel } from "./manifest.js";
import { maxDifferenceFromReference, vectorTolerance } from "./reference-vectors.js";
import { VerifiedFiles } from "./verified-files.js";

/** Options of {@link fetchRealModels}. */
export interface FetchRealModelsOptions {
  /** The cache directory: archives, models, the export venv and the stamps live under it. */
  cacheDir: string;
  /** The manifest file. Defaults to scripts/real-models/manifest.json. */
  manifestPath?: string;
  /** The Python that runs pip and the zip reader. Defaults to "python3". */
  python?: string;
  /** Where progress lines go. Defaults to stderr. */
  log?: (line: string) => void;
}

/** The path a model is used by: its one file, or its directory. */
export function modelPath(cacheDir: string, model: ManifestModel): string {
  const dir = path.join(cacheDir, "models", model.id);
  return model.layout === "file" ? path.join(dir, (model.files[0] as ManifestFile).path) : dir;
}

/** Fetches, lays out and verifies every model; returns id -> path, in manifest order. */
export async function fetchRealModels(options: FetchRealModelsOptions): Promise<Record<string, string>> {
  const manifest = loadManifest(options.manifestPath);
  const cacheDir = path.resolve(options.cacheDir);
  const python = options.python ?? "python3";
  const log = options.log ?? ((line: string) => process.stderr.write(`real-models: ${line}\n`));
  mkdirSync(cacheDir, { recursive: true });
  const verified = new VerifiedFiles(cacheDir);
  let archives: Map<string, string> | undefined;
  const archivePaths = async (): Promise<Map<string, string>> => {
    archives ??= await ensureArchives(manifest, verified, python, log);
    return archives;
  };

  const paths: Record<string, string> = {};
  for (const model of manifest.models) {
    const dir = path.join(cacheDir, "models", model.id);
    // Copied files first: a build's numeric check loads the whole model directory.
    const files = [...model.files].sort(
      (a, b) => Number(a.build !== undefined) - Number(b.build !== undefined),
    );
    for (const file of files) {
      const target = path.join(dir, ...file.path.split("/"));
      const check = await verified.check(target, { ...file, vectorsAccepted: file.build !== undefined });
      if (check.ok) continue;
      if (check.reason !== "missing") log(`${target}: ${check.reason}; laying it out again`);
      verified.forget(target);
      rmSync(target, { force: true });
      if (file.parts !== undefined) {
        await extractFile(file, target, await archivePaths(), python);
        verified.record(target, file.sha256);
      } else {
        await buildFile(manifest, model, file, target, { cacheDir, python, log, verified, archivePaths });
      }
    }
    paths[model.id] = modelPath(cacheDir, model);
  }
  return paths;
}

interface BuildContext {
  cacheDir: string;
  python: string;
  log: (line: string) => void;
  verified: VerifiedFiles;
  archivePaths: () => Promise<Map<string, string>>;
}

/** Builds an exported file in the export environment and verifies it by bytes, else by reference vectors. */
async function buildFile(
  manifest: Manifest,
  model: ManifestModel,
  file: ManifestFile,
  target: string,
  context: BuildContext,
): Promise<void> {
  const build = file.build;
  if (build === undefined) throw new Error(`${model.id}/${file.path}: nothing to build it from`);
  const { cacheDir, python, log, verified } = context;
  const inputDir = path.join(cacheDir, "build", model.id);
  const archives = await context.archivePaths();
  // The inputs come from a verified archive; they are copied as they are, named by their base names.
  for (const input of build.inputs) {
    await copyMembers([input], path.join(inputDir, path.posix.basename(input.member)), archives, python);
  }
  const venvPython = await ensureExportEnvironment(cacheDir, manifest.exportRequirements, python, log);
  log(`exporting ${model.id}/${file.path} with torch (${inputDir})`);
  await exportOnnx(venvPython, inputDir, target);
  const check = await verified.check(target, file);
  if (check.ok) return;
  const difference = await maxDifferenceFromReference(path.join(cacheDir, "models", model.id), build.vectors);
  if (!(difference <= vectorTolerance)) {
    rmSync(target, { force: true });
    throw new Error(
      `${target}: ${check.reason}, and its vectors differ from the PyTorch reference (${build.vectors}) by up to ` +
        `${difference} (allowed ${vectorTolerance}); the export environment is not the pinned one`,
    );
  }
  verified.record(target, check.sha256 ?? "", "vectors");
  log(
    `${target}: ${check.reason}: bytes differ from the export pinned in the manifest, but its vectors match the ` +
      `PyTorch reference within ${difference.toExponential(2)}; accepted`,
  );
}
