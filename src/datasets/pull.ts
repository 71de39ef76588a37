import { existsSync } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { ModelIntegrityError } from "../errors.js";
import { type DownloadContext, download, networkErrorText } from "../models/download.js";
import { sha256File } from "../models/hash.js";
import { removeEmptyDirs } from "../models/pull.js";
import { ModelPullError } from "../models/pull-error.js";
import { redactUrl, splitCredentials, withAuthorization } from "./base-url.js";
import { type DatasetsDirOptions, datasetDirIn, datasetsDir } from "./datasets-dir.js";
import { type DatasetEntry, datasetFileUrl } from "./registry.js";

/** The default address files are fetched from: `${baseUrl}/${repo}/${commit}/${path}`. */
export const DEFAULT_DATASET_BASE_URL = "https://raw.githubusercontent.com";

/** Options of {@link pullDataset}. */
export interface PullDatasetOptions extends DatasetsDirOptions {
  /** Where files are fetched from. Defaults to {@link DEFAULT_DATASET_BASE_URL}. */
  baseUrl?: string;
  /** The fetch implementation. Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Aborts the pull; partial files are kept for resuming. Defaults to none. */
  signal?: AbortSignal;
  /** Abort a transfer that receives nothing for this long, in milliseconds. Defaults to 60000. */
  stallTimeoutMs?: number;
  /** Called as bytes arrive. Defaults to none. */
  onProgress?: (file: string, bytes: number, total: number) => void;
}

/** What a data set pull did. */
export interface PullDatasetResult {
  id: string;
  dir: string;
  files: { file: string; status: "downloaded" | "resumed" | "present" }[];
}

/**
 * Downloads a data set's pinned files into `<datasets dir>/<id>`: the only network path besides
 * `models pull`. Each file streams into `<file>.partial` (resumed with a Range request after an
 * interruption), must have the pinned size and sha256, and is then renamed into place; a corrupt
 * file is deleted and refused. Files already present and verified are not fetched again.
 *
 * @example
 * const { dir } = await pullDataset(entry, { datasetsDir: "./datasets" });
 */
export async function pullDataset(
  entry: DatasetEntry,
  options: PullDatasetOptions = {},
): Promise<PullDatasetResult> {
  const dir = datasetDirIn(datasetsDir(options), entry.id);
  // Credentials in the base URL travel in a header, never in a URL a message could print.
  const { url: baseUrl, authorization } = splitCredentials(options.baseUrl ?? DEFAULT_DATASET_BASE_URL);
  const ctx: DownloadContext = {
    what: `data set "${entry.id}"`,
    retryCommand: `airgap-eval datasets pull ${entry.id}`,
    fetchImpl: withAuthorization(options.fetch ?? fetch, authorization),
    signal: options.signal,
    stallTimeoutMs: options.stallTimeoutMs,
    unreachable: (url, err) =>
      new ModelPullError(
        `Could not reach ${new URL(url).host} (${redactUrl(networkErrorText(err))}) to fetch ${redactUrl(url)}. airgap-eval datasets pull must run on a connected machine; then copy ${dir} to the same place on this one.`,
        url,
        undefined,
        { cause: err },
      ),
    httpError: (url, response) =>
      new ModelPullError(
        `Could not download ${redactUrl(url)}: HTTP ${response.status} ${response.statusText}`.trim(),
        url,
        response.status,
      ),
  };
  const createdDir = !existsSync(dir);
  await mkdir(dir, { recursive: true });
  const files: PullDatasetResult["files"] = [];
  try {
    for (const f of entry.source.files) {
      const dest = path.join(dir, f.file);
      if (existsSync(dest) && (await stat(dest)).size === f.size && (await sha256File(dest)) === f.sha256) {
        files.push({ file: f.file, status: "present" });
        continue;
      }
      await rm(dest, { force: true });
      const partial = `${dest}.partial`;
      const url = datasetFileUrl(baseUrl, entry, f);
      const got = await download(ctx, url, partial, { path: f.file, size: f.size }, (bytes) =>
        options.onProgress?.(f.file, bytes, f.size),
      );
      if (got.bytes !== f.size || got.sha256 !== f.sha256) {
        await rm(partial, { force: true });
        throw new ModelIntegrityError(
          `Refused ${f.file} of data set "${entry.id}": ${url} sent ${got.bytes} bytes with sha256 ${got.sha256}; pinned ${f.size} bytes, sha256 ${f.sha256}. The download was deleted; nothing was put in place.`,
          dest,
          f.sha256,
          got.sha256,
        );
      }
      await rename(partial, dest);
      files.push({ file: f.file, status: got.resumedFrom > 0 ? "resumed" : "downloaded" });
    }
  } catch (err) {
    // A pull that failed before anything was kept leaves no empty folder behind.
    if (createdDir && files.length === 0) await removeEmptyDirs(dir);
    throw err;
  }
  return { id: entry.id, dir, files };
}
