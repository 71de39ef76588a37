import { statSync } from "node:fs";
import { ModelIntegrityError, ModelNotFoundError } from "../errors.js";
import { cliCommand } from "../util/cli-command.js";
import { sha256File } from "./hash.js";
import { lockFilePath } from "./lock-file.js";
import type { ResolvedModel, ResolvedModelFile } from "./resolved-model.js";

/**
 * Result for one file: `ok` (digest matches), `mismatch`, `missing`, or `unpinned` (present, but neither the
 * registry nor the lock file gives a digest to compare with; its digest is still computed and reported).
 */
export type FileCheckStatus = "ok" | "mismatch" | "missing" | "unpinned";

/** The check of one file. */
export interface FileCheck {
  /** Path inside the model folder. */
  path: string;
  /** Absolute path on this machine. */
  absolutePath: string;
  status: FileCheckStatus;
  /** Digest the file must have, or null when nothing pins it. */
  expectedSha256: string | null;
  /** Digest computed from the file, or null when it is missing. */
  actualSha256: string | null;
  /** Size expected, or null when unknown. */
  expectedSize: number | null;
  /** Size on disk, or null when missing. */
  actualSize: number | null;
  /** Where the expected digest came from. */
  digestFrom: ResolvedModelFile["digestFrom"];
}

/** The check of a whole model. */
export interface ModelCheck {
  /** Registry id, or path for a model named by path. */
  id: string;
  /** True when no file is missing or mismatched (`unpinned` files count as ok). */
  ok: boolean;
  /** True when every file matched a pinned digest (ok and nothing `unpinned`). */
  verified: boolean;
  files: FileCheck[];
}

/** Progress of hashing, for long checks of large files. */
export interface CheckProgress {
  /** File being hashed (path inside the model folder). */
  file: string;
  /** Bytes hashed so far in this file. */
  bytes: number;
  /** Size of this file when known. */
  total: number | null;
}

/**
 * Hashes every file of a resolved model and compares with the registry or lock file. Never throws for a
 * mismatch: the result says what matched. The public entry is `verifyModel`.
 *
 * @param onProgress Called while files are hashed. Defaults to none.
 * @example
 * const check = await hashModelFiles(await resolveModel("all-MiniLM-L6-v2", { verify: "none" }));
 * if (!check.ok) console.error(check.files.filter((f) => f.status !== "ok"));
 */
export async function hashModelFiles(
  model: ResolvedModel,
  onProgress?: (progress: CheckProgress) => void,
): Promise<ModelCheck> {
  const files: FileCheck[] = [];
  for (const f of model.files) {
    let actualSize: number | null = null;
    try {
      actualSize = statSync(f.absolutePath).size;
    } catch {
      actualSize = null;
    }
    if (actualSize === null) {
      files.push({
        path: f.path,
        absolutePath: f.absolutePath,
        status: "missing",
        expectedSha256: f.sha256,
        actualSha256: null,
        expectedSize: f.size,
        actualSize: null,
        digestFrom: f.digestFrom,
      });
      continue;
    }
    const actualSha256 = await sha256File(f.absolutePath, (bytes) =>
      onProgress?.({ file: f.path, bytes, total: actualSize }),
    );
    const status: FileCheckStatus =
      f.sha256 === null
        ? "unpinned"
        : f.sha256 === actualSha256 && (f.size === null || f.size === actualSize)
          ? "ok"
          : "mismatch";
    files.push({
      path: f.path,
      absolutePath: f.absolutePath,
      status,
      expectedSha256: f.sha256,
      actualSha256,
      expectedSize: f.size,
      actualSize,
      digestFrom: f.digestFrom,
    });
  }
  const ok = files.every((f) => f.status === "ok" || f.status === "unpinned");
  return { id: model.id, ok, verified: ok && files.every((f) => f.status === "ok"), files };
}

/**
 * Throws for the first failed file of a check: `ModelNotFoundError` for a missing file,
 * `ModelIntegrityError` for a mismatch.
 */
export function assertModelCheck(model: ResolvedModel, check: ModelCheck): void {
  for (const f of check.files) {
    if (f.status === "missing") {
      throw new ModelNotFoundError(
        `Model "${model.id}": file ${f.absolutePath} is missing. Copy the complete model folder again, or run "${cliCommand()} models pull ${model.id}" on a connected machine.`,
        model.id,
        [f.absolutePath],
      );
    }
    if (f.status === "mismatch") {
      const resolvedFile = model.files.find((x) => x.path === f.path);
      const what =
        f.expectedSize !== null && f.actualSize !== f.expectedSize
          ? `is ${f.actualSize} bytes, expected ${f.expectedSize}`
          : `has sha256 ${f.actualSha256}, expected ${f.expectedSha256}`;
      throw new ModelIntegrityError(
        resolvedFile
          ? integrityMessage(model, resolvedFile, what)
          : `Model "${model.id}": ${f.absolutePath} ${what}.`,
        f.absolutePath,
        f.expectedSha256 ?? "",
        f.actualSha256 ?? "",
      );
    }
  }
}

/** Message for a file that does not match what the registry or lock file pins, with what to do next. */
export function integrityMessage(model: ResolvedModel, file: ResolvedModelFile, what: string): string {
  const pinnedBy =
    file.digestFrom === "lock" && model.modelsDir !== undefined
      ? `the lock file ${lockFilePath(model.modelsDir)}`
      : "the registry";
  const redo =
    model.location === "builtin"
      ? "reinstall airgap-eval to rebuild it"
      : `delete it and run "${cliCommand()} models pull ${model.id}" on a connected machine, then copy ${model.dir} here again`;
  return `Model "${model.id}": file ${file.absolutePath} ${what} (pinned by ${pinnedBy}). The file is corrupt or from another revision; ${redo}.`;
}
