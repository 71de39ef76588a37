import type { Dirent } from "node:fs";
import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import { InvalidInputError, ModelIntegrityError, ModelNotFoundError } from "../errors.js";
import { cliCommand } from "../util/cli-command.js";
import { type DownloadContext, download, networkErrorText } from "./download.js";
import { sha256File } from "./hash.js";
import { type LockedModel, lockFilePath, readLockFile, recordInLockFile } from "./lock-file.js";
import { type ModelsDirOptions, modelDirIn, primaryModelsDir, userCacheModelsDir } from "./models-dir.js";
import { ModelPullError } from "./pull-error.js";
import { loadRegistry, type ModelRegistry } from "./registry.js";
import { type HubSource, isBuiltinSource, type RegistryEntry, type RegistryFile } from "./registry-schema.js";

/** Default hub address. */
export const DEFAULT_HUB_URL = "https://huggingface.co";

/** Progress of a pull, reported as bytes arrive. */
export interface PullProgress {
  /** Model id. */
  id: string;
  /** File being fetched (path inside the model folder). */
  file: string;
  /** 0-based index of the file, and how many files the model has. */
  fileIndex: number;
  fileCount: number;
  /** `downloading` while bytes arrive; `present` when the file was already there and verified; `done` when it is in place. */
  phase: "downloading" | "present" | "done";
  /** Bytes of this file on disk so far (including bytes resumed from a partial file). */
  bytes: number;
  /** Size of this file, when known. */
  total: number | null;
  /** Bytes that were already in the partial file when this transfer started (0 for a fresh one). */
  resumedFrom: number;
  /** Bytes of the whole model done so far, and its total size (null when some size is unknown). */
  modelBytes: number;
  modelTotal: number | null;
}

/** Options of {@link pull}. */
export interface PullOptions extends ModelsDirOptions {
  /** Hub address; files are fetched from `${baseUrl}/${repo}/resolve/${revision}/${path}`. Defaults to `https://huggingface.co`. */
  baseUrl?: string;
  /** Called as bytes arrive. Defaults to none. */
  onProgress?: (progress: PullProgress) => void;
  /** The fetch implementation. Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Registry to look the id up in. Defaults to the package's `models.json`. */
  registry?: ModelRegistry;
  /** Aborts the pull; a partial file is kept for resuming. Defaults to none. */
  signal?: AbortSignal;
  /** Abort a transfer that receives nothing for this long, in milliseconds. Defaults to 60000. */
  stallTimeoutMs?: number;
}

/** One file after a pull. */
export interface PulledFile {
  /** Path inside the model folder. */
  path: string;
  /** Absolute path on this machine. */
  absolutePath: string;
  /** Size in bytes. */
  size: number;
  /** sha256 of the file (verified against the registry, or computed and recorded in the lock file). */
  sha256: string;
  /** Whether the digest was checked against the `registry` or `lock` file, or only `computed` (and now recorded). */
  digest: "registry" | "lock" | "computed";
  /** `downloaded` fresh, `resumed` from a partial file, or `present` already (and verified). */
  status: "downloaded" | "resumed" | "present";
}

/** What a pull did. */
export interface PullResult {
  id: string;
  /** The model's folder: copy this folder to `<models dir>/<id>` on the air-gapped machine. */
  dir: string;
  /** The models directory it went into. */
  modelsDir: string;
  /** The lock file that records every file's digest. */
  lockFile: string;
  files: PulledFile[];
}

/**
 * Downloads a registry model into the models directory: the only code path of airgap-eval that uses the
 * network. Each file goes to `<file>.partial` first, streamed through sha256; an existing partial file is
 * resumed with an HTTP Range request. Size and sha256 are checked (a file without a digest in the
 * registry has its computed digest recorded in `<modelsDir>/airgap-eval.lock.json`), then the file is
 * renamed into place. A corrupt download is refused and deleted. Files already present and verified are
 * not fetched again.
 *
 * @param id Registry id, e.g. `all-MiniLM-L6-v2`.
 * @example
 * const result = await pull("qwen2.5-0.5b-instruct", {
 *   modelsDir: "./models",
 *   onProgress: (p) => console.log(p.file, p.bytes, p.total),
 * });
 * console.log(`copy ${result.dir} to the air-gapped machine`);
 */
export async function pull(id: string, options: PullOptions = {}): Promise<PullResult> {
  const registry = options.registry ?? loadRegistry();
  const entry = registry.get(id);
  if (entry === undefined) {
    throw new ModelNotFoundError(
      `"${id}" is not a model id in the registry (${registry.file}). Known ids: ${registry.ids().join(", ")}.`,
      id,
    );
  }
  if (isBuiltinSource(entry.source)) {
    throw new InvalidInputError(
      `"${id}" is built into airgap-eval (it ships with the package); there is nothing to pull`,
      { field: "id" },
    );
  }
  const source = entry.source;
  const target = primaryModelsDir(options);
  const modelsDir = target.dir;
  const dir = modelDirIn(modelsDir, entry.id);
  const lock = await readLockFile(modelsDir);
  const previous = lock.models[entry.id];
  const locked = previous !== undefined && previous.revision === source.revision ? previous : undefined;
  const ctx: PullContext = {
    entry,
    source,
    dir,
    modelsDir,
    options,
    baseUrl: (options.baseUrl ?? DEFAULT_HUB_URL).replace(/\/+$/, ""),
    fetchImpl: options.fetch ?? fetch,
    modelTotal: source.files.every((f) => f.size !== null)
      ? source.files.reduce((sum, f) => sum + (f.size ?? 0), 0)
      : null,
    doneBytes: 0,
  };
  const modelsDirExisted = await exists(modelsDir);
  await mkdir(dir, { recursive: true });
  const files: PulledFile[] = [];
  try {
    for (const [index, file] of source.files.entries()) {
      const pulled = await pullFile(ctx, file, index, locked?.files[file.path]?.sha256 ?? null);
      files.push(pulled);
      ctx.doneBytes += pulled.size;
    }
  } catch (err) {
    // Leave nothing empty behind; folders that hold a finished or partial file stay (a new pull resumes them).
    await removeEmptyDirs(dir);
    if (!modelsDirExisted) await removeEmptyDirs(modelsDir);
    throw err;
  }
  const record: LockedModel = {
    repo: source.repo,
    revision: source.revision,
    pulledAt: new Date().toISOString(),
    files: Object.fromEntries(files.map((f) => [f.path, { size: f.size, sha256: f.sha256 }])),
  };
  await recordInLockFile(modelsDir, entry.id, record);
  return { id: entry.id, dir, modelsDir, lockFile: lockFilePath(modelsDir), files };
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/** Removes `dir` and the folders under it that are (or become) empty; returns whether `dir` was removed. */
export async function removeEmptyDirs(dir: string): Promise<boolean> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  let left = entries.length;
  for (const e of entries) {
    if (e.isDirectory() && (await removeEmptyDirs(path.join(dir, e.name)))) left--;
  }
  if (left > 0) return false;
  await rmdir(dir).catch(() => undefined);
  return true;
}

interface PullContext {
  entry: RegistryEntry;
  source: HubSource;
  dir: string;
  modelsDir: string;
  options: PullOptions;
  baseUrl: string;
  fetchImpl: typeof fetch;
  modelTotal: number | null;
  doneBytes: number;
}

/** `${baseUrl}/${repo}/resolve/${revision}/${path}`, each path segment URL-encoded. */
export function hubFileUrl(baseUrl: string, repo: string, revision: string, filePath: string): string {
  const enc = (s: string) => s.split("/").map(encodeURIComponent).join("/");
  return `${baseUrl.replace(/\/+$/, "")}/${enc(repo)}/resolve/${encodeURIComponent(revision)}/${enc(filePath)}`;
}

async function pullFile(
  ctx: PullContext,
  file: RegistryFile,
  index: number,
  lockedSha: string | null,
): Promise<PulledFile> {
  const dest = path.join(ctx.dir, ...file.path.split("/"));
  const partial = `${dest}.partial`;
  await mkdir(path.dirname(dest), { recursive: true });
  const expectedSha = file.sha256 ?? lockedSha;
  const digest: PulledFile["digest"] =
    file.sha256 !== null ? "registry" : lockedSha !== null ? "lock" : "computed";
  const report = (phase: PullProgress["phase"], bytes: number, resumedFrom: number) =>
    ctx.options.onProgress?.({
      id: ctx.entry.id,
      file: file.path,
      fileIndex: index,
      fileCount: ctx.source.files.length,
      phase,
      bytes,
      total: file.size,
      resumedFrom,
      modelBytes: ctx.doneBytes + bytes,
      modelTotal: ctx.modelTotal,
    });

  // Already in place? Keep it when it matches what we know; a mismatching file is removed, never kept.
  if (existsSync(dest)) {
    const size = (await stat(dest)).size;
    if (file.size === null || size === file.size) {
      const sha = await sha256File(dest);
      if (expectedSha === null || sha === expectedSha) {
        report("present", size, size);
        return { path: file.path, absolutePath: dest, size, sha256: sha, digest, status: "present" };
      }
    }
    await rm(dest, { force: true });
  }

  const url = hubFileUrl(ctx.baseUrl, ctx.source.repo, ctx.source.revision, file.path);
  const { bytes, sha256, resumedFrom } = await download(downloadContext(ctx), url, partial, file, (b, r) =>
    report("downloading", b, r),
  );

  if (file.size !== null && bytes !== file.size) {
    await rm(partial, { force: true });
    throw new ModelIntegrityError(
      `Refused ${file.path} of "${ctx.entry.id}": ${url} sent ${bytes} bytes, the registry says ${file.size}. The download was deleted; nothing was put in place.`,
      dest,
      expectedSha ?? "",
      sha256,
    );
  }
  if (expectedSha !== null && sha256 !== expectedSha) {
    await rm(partial, { force: true });
    throw new ModelIntegrityError(
      `Refused ${file.path} of "${ctx.entry.id}": its sha256 is ${sha256}, expected ${expectedSha} (${digest === "registry" ? "registry" : `lock file ${lockFilePath(ctx.modelsDir)}`}). The download from ${url} is corrupt or not the pinned file; it was deleted and nothing was put in place. Run the pull again; if it fails the same way, the source is serving a different file.`,
      dest,
      expectedSha,
      sha256,
    );
  }
  await rename(partial, dest);
  report("done", bytes, resumedFrom);
  return {
    path: file.path,
    absolutePath: dest,
    size: bytes,
    sha256,
    digest,
    status: resumedFrom > 0 ? "resumed" : "downloaded",
  };
}

function downloadContext(ctx: PullContext): DownloadContext {
  return {
    what: `"${ctx.entry.id}"`,
    retryCommand: `${cliCommand()} models pull ${ctx.entry.id}`,
    fetchImpl: ctx.fetchImpl,
    signal: ctx.options.signal,
    stallTimeoutMs: ctx.options.stallTimeoutMs,
    unreachable: (url, err) => unreachable(ctx, url, err),
    httpError: (url, response) => httpError(ctx, url, response),
  };
}

/** Error for a hub that could not be reached at all (offline, DNS, refused, TLS). */
function unreachable(ctx: PullContext, url: string, err: unknown): ModelPullError {
  const origin = safeOrigin(url);
  return new ModelPullError(
    [
      `Could not reach ${origin} (${networkErrorText(err)}) to fetch ${url}.`,
      "models pull must run on a connected machine.",
      `Run "${cliCommand()} models pull ${ctx.entry.id}" there, then copy the folder ${ctx.dir} to this machine as <models dir>/${ctx.entry.id},`,
      `where <models dir> is --models-dir, $AIRGAP_EVAL_MODELS, or the user cache directory (${userCacheModelsDir(ctx.options)}).`,
    ].join(" "),
    url,
    undefined,
    { cause: err },
  );
}

function httpError(ctx: PullContext, url: string, response: Response): ModelPullError {
  const hint =
    response.status === 404
      ? `The file or the pinned revision ${ctx.source.revision} is not on the hub at this address; check --base-url, or the registry entry may be out of date.`
      : response.status === 401 || response.status === 403
        ? "The hub refused access; airgap-eval sends no credentials, so gated repositories cannot be pulled with it."
        : response.status >= 500
          ? "The hub had a server error; try again later."
          : "";
  return new ModelPullError(
    `Could not download ${ctx.source.files.length > 1 ? "a file of " : ""}"${ctx.entry.id}": ${url} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}. ${hint}`.trim(),
    url,
    response.status,
  );
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
