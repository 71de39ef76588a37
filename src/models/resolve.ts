import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { InvalidInputError, ModelIntegrityError, ModelNotFoundError } from "../errors.js";
import { cliCommand } from "../util/cli-command.js";
import { packageRoot as installedPackageRoot } from "../version.js";
import { formatBytes } from "./format-bytes.js";
import { sha256File } from "./hash.js";
import { integrityMessage } from "./integrity.js";
import { type LockedModel, readLockFile } from "./lock-file.js";
import {
  describeSource,
  expandDir,
  type ModelsDirCandidate,
  type ModelsDirOptions,
  modelDirIn,
  modelsDirCandidates,
} from "./models-dir.js";
import { type DefaultKind, loadRegistry, type ModelRegistry } from "./registry.js";
import { isBuiltinSource, type ModelKind, type RegistryEntry } from "./registry-schema.js";
import type { ResolvedModel, ResolvedModelFile, ResolveVerifyLevel } from "./resolved-model.js";

export type { ResolvedModel, ResolvedModelFile, ResolveVerifyLevel };

/** Options of {@link resolveModel}. */
export interface ResolveModelOptions extends ModelsDirOptions {
  /** The kind the caller needs; a model of the other kind is an `InvalidInputError`. Defaults to either kind. */
  kind?: ModelKind;
  /** The registry to look ids up in. Defaults to the package's `models.json`. */
  registry?: ModelRegistry;
  /**
   * `none`: only check the files exist; `size`: also compare sizes (cheap). To hash the files, call
   * `verifyModel` on the resolved model, the one way to check a model's files. Defaults to `"size"`.
   */
  verify?: ResolveVerifyLevel;
  /** Root holding the built-in models (`<packageRoot>/models/<id>`). Defaults to the installed package's root. */
  packageRoot?: string;
}

/**
 * Finds a model on this machine. Never touches the network.
 *
 * Order: an explicit path (a `.gguf` file or an ONNX model directory), then the registry id in each
 * models directory in turn (`modelsDir` option, `AIRGAP_EVAL_MODELS`, the user cache directory).
 * Built-in models resolve to `<packageRoot>/models/<id>`. A missing model is a `ModelNotFoundError` whose
 * message names `airgap-eval models pull <id>` and the folder to copy the files into.
 *
 * @param idOrPath A registry id (`qwen2.5-0.5b-instruct`) or a path (`./my-model.gguf`, `/models/my-encoder`).
 * @example
 * const judge = await resolveModel("qwen2.5-0.5b-instruct", { kind: "llm" });
 * const llm = new LlamaCppLlm({ modelPath: judge.path });
 */
export async function resolveModel(
  idOrPath: string,
  options: ResolveModelOptions = {},
): Promise<ResolvedModel> {
  if (typeof idOrPath !== "string" || idOrPath.trim() === "") {
    throw new InvalidInputError("a model id or path is required", { field: "model" });
  }
  const registry = options.registry ?? loadRegistry();
  const entry = registry.get(idOrPath);
  const resolved =
    entry !== undefined && !looksLikePath(idOrPath)
      ? await resolveEntry(entry, options)
      : resolveExplicitPath(idOrPath, registry, options);
  if (options.kind !== undefined && resolved.kind !== options.kind) {
    throw new InvalidInputError(
      `"${idOrPath}" is ${article(resolved.kind)} ${resolved.kind} model, but ${article(options.kind)} ${options.kind} model is needed here`,
      { field: "model" },
    );
  }
  if ((options.verify ?? "size") === "size") await checkSizes(resolved);
  return resolved;
}

/** The default model id of a kind, from the registry. */
export function defaultModelId(kind: DefaultKind, registry: ModelRegistry = loadRegistry()): string {
  return registry.defaults[kind];
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

/** A string is taken as a path when it is absolute, starts with `.`/`~`, or ends in `.gguf`/`.onnx`. */
function looksLikePath(s: string): boolean {
  return (
    path.isAbsolute(s) ||
    /^(\.{1,2}|~)([/\\]|$)/.test(s) ||
    s.toLowerCase().endsWith(".gguf") ||
    s.toLowerCase().endsWith(".onnx")
  );
}

async function resolveEntry(entry: RegistryEntry, options: ResolveModelOptions): Promise<ResolvedModel> {
  const files = entry.source.files;
  if (isBuiltinSource(entry.source)) {
    const root = options.packageRoot ?? installedPackageRoot;
    const dir = modelDirIn(path.join(root, "models"), entry.id);
    const missing = files.filter((f) => !existsSync(path.join(dir, f.path))).map((f) => f.path);
    if (missing.length > 0) {
      throw new ModelNotFoundError(
        [
          `The built-in model "${entry.id}" is missing from ${dir} (missing: ${missing.join(", ")}).`,
          "It is built when airgap-eval is installed; reinstall the package (npm ci / npm install),",
          'or, in a checkout, run "node --import tsx scripts/build-starter-model.ts".',
        ].join("\n"),
        entry.id,
        [dir],
      );
    }
    return fromEntry(entry, dir, "builtin", undefined, undefined);
  }

  const candidates = modelsDirCandidates(options);
  const searched: { candidate: ModelsDirCandidate; dir: string; missing: string[] }[] = [];
  for (const candidate of candidates) {
    const dir = modelDirIn(candidate.dir, entry.id);
    const missing = files.filter((f) => !existsSync(path.join(dir, f.path))).map((f) => f.path);
    if (missing.length === 0) {
      const lock = await readLockFile(candidate.dir);
      const locked = lock.models[entry.id];
      const usable = locked !== undefined && locked.revision === entry.source.revision ? locked : undefined;
      return fromEntry(entry, dir, "models-dir", candidate.dir, usable);
    }
    searched.push({ candidate, dir, missing });
  }
  throw notFound(entry, searched);
}

function fromEntry(
  entry: RegistryEntry,
  dir: string,
  location: ResolvedModel["location"],
  modelsDir: string | undefined,
  locked: LockedModel | undefined,
): ResolvedModel {
  const files: ResolvedModelFile[] = entry.source.files.map((f) => {
    const fromLock = locked?.files[f.path];
    const sha256 = f.sha256 ?? fromLock?.sha256 ?? null;
    return {
      path: f.path,
      absolutePath: path.join(dir, ...f.path.split("/")),
      size: f.size ?? fromLock?.size ?? null,
      sha256,
      digestFrom: f.sha256 !== null ? "registry" : fromLock !== undefined ? "lock" : null,
    };
  });
  const main =
    entry.format === "gguf"
      ? files.find((f) => f.path.endsWith(".gguf"))
      : (files.find((f) => f.path.endsWith("model_quantized.onnx")) ??
        files.find((f) => f.path.endsWith(".onnx")));
  if (main === undefined) throw new Error(`unreachable: registry entry "${entry.id}" has no weights file`);
  return {
    id: entry.id,
    kind: entry.kind,
    format: entry.format,
    path: entry.format === "gguf" ? main.absolutePath : dir,
    dir,
    mainFile: main.absolutePath,
    entry,
    files,
    location,
    ...(modelsDir !== undefined ? { modelsDir } : {}),
  };
}

function notFound(
  entry: RegistryEntry,
  searched: { candidate: ModelsDirCandidate; dir: string; missing: string[] }[],
): ModelNotFoundError {
  const first = searched[0];
  const target = first?.dir ?? entry.id;
  const total = entry.source.files.reduce((sum, f) => sum + (f.size ?? 0), 0);
  const sizeText = total > 0 ? `, ${formatBytes(total)}` : "";
  const fileList = entry.source.files.map((f) => f.path).join(", ");
  const lines = [
    `Model "${entry.id}" (${entry.kind}${sizeText}) is not on this machine. airgap-eval never downloads during evaluation.`,
    "Searched:",
    ...searched.map((s) => {
      const what =
        s.missing.length === entry.source.files.length ? "not there" : `missing ${s.missing.join(", ")}`;
      return `  ${s.dir}  (${describeSource(s.candidate.from)}: ${what})`;
    }),
    "To get it:",
    "  1. On a machine with internet access, run:",
    `       ${cliCommand()} models pull ${entry.id}`,
    `  2. Copy the folder it prints (the model's folder, holding ${fileList}) to this machine as:`,
    `       ${target}`,
    `  Or keep your models elsewhere and point --models-dir or AIRGAP_EVAL_MODELS at the directory that holds "${entry.id}".`,
  ];
  return new ModelNotFoundError(
    lines.join("\n"),
    entry.id,
    searched.map((s) => s.dir),
  );
}

function resolveExplicitPath(
  input: string,
  registry: ModelRegistry,
  options: ResolveModelOptions,
): ResolvedModel {
  const abs = expandDir(input, options.homeDir);
  let stat: ReturnType<typeof statSync> | undefined;
  try {
    stat = statSync(abs);
  } catch {
    stat = undefined;
  }
  if (stat === undefined) {
    const known = registry.ids().join(", ");
    const message = looksLikePath(input)
      ? `Model path "${input}" does not exist (looked at ${abs}).`
      : `"${input}" is neither a model id in the registry (${registry.file}) nor an existing file or directory (looked at ${abs}). Known ids: ${known}.`;
    throw new ModelNotFoundError(message, input, [abs]);
  }
  if (stat.isFile()) {
    const lower = abs.toLowerCase();
    if (lower.endsWith(".gguf")) {
      return {
        id: abs,
        kind: "llm",
        format: "gguf",
        path: abs,
        dir: path.dirname(abs),
        mainFile: abs,
        files: [
          { path: path.basename(abs), absolutePath: abs, size: stat.size, sha256: null, digestFrom: null },
        ],
        location: "path",
      };
    }
    if (lower.endsWith(".onnx")) {
      throw new InvalidInputError(
        `"${input}" is a bare .onnx file; pass the model directory instead (it must hold config.json, tokenizer.json and onnx/*.onnx in the transformers.js layout)`,
        { field: "model", file: abs },
      );
    }
    throw new InvalidInputError(
      `"${input}" is not a model: expected a .gguf file or an ONNX model directory`,
      {
        field: "model",
        file: abs,
      },
    );
  }
  const listed = listFiles(abs);
  const onnx = listed.filter((f) => f.endsWith(".onnx"));
  const ggufs = listed.filter((f) => f.endsWith(".gguf") && !f.includes("/"));
  if (onnx.length > 0 || existsSync(path.join(abs, "config.json"))) {
    if (onnx.length === 0) {
      throw new InvalidInputError(
        `ONNX model directory "${input}" has no .onnx file (expected onnx/model.onnx)`,
        {
          field: "model",
          file: abs,
        },
      );
    }
    const mainRel = onnx.find((f) => f.endsWith("model_quantized.onnx")) ?? onnx[0] ?? "";
    return {
      id: abs,
      kind: "embedding",
      format: "onnx",
      path: abs,
      dir: abs,
      mainFile: path.join(abs, ...mainRel.split("/")),
      files: listed.map((rel) => fileOnDisk(abs, rel)),
      location: "path",
    };
  }
  if (ggufs.length === 1 && ggufs[0] !== undefined) {
    const file = path.join(abs, ggufs[0]);
    return {
      id: file,
      kind: "llm",
      format: "gguf",
      path: file,
      dir: abs,
      mainFile: file,
      files: [fileOnDisk(abs, ggufs[0])],
      location: "path",
    };
  }
  throw new InvalidInputError(
    ggufs.length > 1
      ? `directory "${input}" holds ${ggufs.length} .gguf files; name the one to use`
      : `directory "${input}" is not a model: expected a .gguf file or an ONNX model directory (config.json, tokenizer.json, onnx/*.onnx)`,
    { field: "model", file: abs },
  );
}

function fileOnDisk(dir: string, rel: string): ResolvedModelFile {
  const absolutePath = path.join(dir, ...rel.split("/"));
  return { path: rel, absolutePath, size: statSync(absolutePath).size, sha256: null, digestFrom: null };
}

/** Files under a model directory (forward-slash relative paths), skipping hidden and `.partial` files. */
function listFiles(dir: string, prefix = "", depth = 0): string[] {
  const out: string[] = [];
  for (const ent of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (ent.name.startsWith(".") || ent.name.endsWith(".partial")) continue;
    const rel = prefix ? `${prefix}/${ent.name}` : ent.name;
    if (ent.isDirectory() && depth < 3) out.push(...listFiles(path.join(dir, ent.name), rel, depth + 1));
    else if (ent.isFile()) out.push(rel);
  }
  return out;
}

/** Compares each file's size with the expected one; a mismatch hashes the file and throws `ModelIntegrityError`. */
async function checkSizes(model: ResolvedModel): Promise<void> {
  for (const f of model.files) {
    if (f.size === null || model.location === "path") continue;
    const actual = statSync(f.absolutePath).size;
    if (actual === f.size) continue;
    const actualSha = await sha256File(f.absolutePath);
    throw new ModelIntegrityError(
      integrityMessage(model, f, `is ${actual} bytes, expected ${f.size}`),
      f.absolutePath,
      f.sha256 ?? "",
      actualSha,
    );
  }
}
