import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ModelIntegrityError, ModelNotFoundError } from "../errors.js";
import { cliCommand } from "../util/cli-command.js";
import { sha256File } from "./hash.js";
import { integrityMessage } from "./integrity.js";
import type { ResolvedModel } from "./resolve.js";

/** Name of the memo of verified model files, kept in the cache directory. */
export const VERIFIED_MEMO_NAME = "verified-models.json";

/** One file that matched its pinned sha256, and the identity it had then. */
interface VerifiedEntry {
  size: number;
  mtimeMs: number;
  ino: number;
  sha256: string;
}

type Memo = Record<string, VerifiedEntry>;

function readMemo(file: string): Memo {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as unknown;
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Memo) : {};
  } catch {
    return {}; // absent or damaged: everything is hashed again, nothing is trusted
  }
}

function writeMemo(file: string, memo: Memo): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(memo, null, 2)}\n`);
    renameSync(tmp, file);
  } catch {
    // A read-only cache directory only costs a hash at the next run.
  }
}

/** Options of {@link verifyModelFiles}. */
export interface VerifyModelFilesOptions {
  /** The memo file. Defaults to none: every file is hashed. */
  memoFile?: string;
  /** Called before a file is hashed (not when the memo vouches for it). Defaults to none. */
  onHash?: (file: string) => void;
}

/**
 * Checks every pinned file of a resolved model against its sha256 (from the registry, or the lock file
 * `pull` wrote), and returns the digests by absolute path. A file that matched before is not hashed
 * again while its path, size, mtime and inode are unchanged: those are remembered in `memoFile`
 * (a small JSON file), so an unchanged 469 MB judge is hashed once, not at every run. A changed or
 * replaced file (new mtime, size or inode) is hashed again. Throws `ModelIntegrityError` naming the
 * file and both digests on a mismatch, `ModelNotFoundError` when a file is missing. Unpinned files
 * are not hashed here.
 *
 * @example
 * const digests = await verifyModelFiles(await resolveModel("qwen2.5-0.5b-instruct", { kind: "llm" }), {
 *   memoFile: "/home/me/.cache/airgap-eval/verified-models.json",
 * });
 */
export async function verifyModelFiles(
  model: ResolvedModel,
  options: VerifyModelFilesOptions = {},
): Promise<Map<string, string>> {
  const memo = options.memoFile !== undefined ? readMemo(options.memoFile) : {};
  let changed = false;
  const digests = new Map<string, string>();
  for (const file of model.files) {
    if (file.sha256 === null) continue;
    let info: ReturnType<typeof statSync>;
    try {
      info = statSync(file.absolutePath);
    } catch {
      throw new ModelNotFoundError(
        `Model "${model.id}": file ${file.absolutePath} is missing. Copy the complete model folder again, or run "${cliCommand()} models pull ${model.id}" on a connected machine.`,
        model.id,
        [file.absolutePath],
      );
    }
    const known = memo[file.absolutePath];
    if (
      known !== undefined &&
      known.sha256 === file.sha256 &&
      known.size === info.size &&
      known.mtimeMs === info.mtimeMs &&
      known.ino === info.ino
    ) {
      digests.set(file.absolutePath, known.sha256);
      continue;
    }
    options.onHash?.(file.absolutePath);
    const actual = await sha256File(file.absolutePath);
    const sizeOk = file.size === null || file.size === info.size;
    if (actual !== file.sha256 || !sizeOk) {
      const what = sizeOk
        ? `has sha256 ${actual}, expected ${file.sha256}`
        : `is ${info.size} bytes, expected ${file.size}`;
      if (known !== undefined) {
        delete memo[file.absolutePath];
        changed = true;
      }
      if (changed && options.memoFile !== undefined) writeMemo(options.memoFile, memo);
      throw new ModelIntegrityError(
        integrityMessage(model, file, what),
        file.absolutePath,
        file.sha256,
        actual,
      );
    }
    memo[file.absolutePath] = { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino, sha256: actual };
    changed = true;
    digests.set(file.absolutePath, actual);
  }
  if (changed && options.memoFile !== undefined) writeMemo(options.memoFile, memo);
  return digests;
}
