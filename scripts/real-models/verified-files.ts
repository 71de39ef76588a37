// Verification of the fetched files against their pinned sha256, with a stamp file so that a later run re-hashes
// only what changed: a file whose size and mtime equal the stamp's is taken as the bytes hashed then.
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sha256File } from "../../src/models/hash.js";

/** What a stamp records of a file that was hashed. */
interface Stamp {
  size: number;
  mtimeMs: number;
  sha256: string;
  /** Set when the file's bytes differ from the pin but it reproduced the reference vectors (an export). */
  acceptedBy?: "vectors";
}

/** The outcome of checking one file. */
export type FileCheck =
  | { ok: true; sha256: string; hashed: boolean }
  | { ok: false; reason: string; sha256?: string };

/** A file's expected size and digest. */
export interface Expected {
  size: number;
  sha256: string;
  /** Also accept a file stamped as having reproduced the reference vectors (a rebuilt export). */
  vectorsAccepted?: boolean;
}

/**
 * The verified-files stamp of a cache directory (`<cache>/verified.json`): path (relative to the cache) to
 * size, mtime and sha256 at the time it was hashed.
 */
export class VerifiedFiles {
  private readonly stamps: Record<string, Stamp>;
  private readonly file: string;

  constructor(readonly cacheDir: string) {
    this.file = path.join(cacheDir, "verified.json");
    this.stamps = existsSync(this.file)
      ? (JSON.parse(readFileSync(this.file, "utf8")) as Record<string, Stamp>)
      : {};
  }

  private key(file: string): string {
    return path.relative(this.cacheDir, file).split(path.sep).join("/");
  }

  /** The stamp of `file` if its size and mtime are unchanged since it was recorded, else undefined. */
  private stamped(file: string): Stamp | undefined {
    const stamp = this.stamps[this.key(file)];
    if (stamp === undefined) return undefined;
    const info = statSync(file);
    return info.size === stamp.size && info.mtimeMs === stamp.mtimeMs ? stamp : undefined;
  }

  /** Records `sha256` as the digest of `file` as it is now. */
  record(file: string, sha256: string, acceptedBy?: Stamp["acceptedBy"]): void {
    const info = statSync(file);
    this.stamps[this.key(file)] = {
      size: info.size,
      mtimeMs: info.mtimeMs,
      sha256,
      ...(acceptedBy && { acceptedBy }),
    };
    writeFileSync(this.file, `${JSON.stringify(this.stamps, null, 2)}\n`);
  }

  /** Forgets `file` (it is about to be replaced). */
  forget(file: string): void {
    delete this.stamps[this.key(file)];
  }

  /**
   * Checks `file` against `expected`: missing, wrong size or wrong sha256 give `ok: false` with the reason.
   * A stamped, unchanged file is not hashed again.
   */
  async check(file: string, expected: Expected): Promise<FileCheck> {
    if (!existsSync(file)) return { ok: false, reason: "missing" };
    const stamp = this.stamped(file);
    if (expected.vectorsAccepted && stamp?.acceptedBy === "vectors") {
      return { ok: true, sha256: stamp.sha256, hashed: false };
    }
    const size = statSync(file).size;
    if (size !== expected.size) return { ok: false, reason: `size ${size}, expected ${expected.size}` };
    const sha256 = stamp?.sha256 ?? (await sha256File(file));
    if (stamp === undefined) this.record(file, sha256);
    if (sha256 === expected.sha256) return { ok: true, sha256, hashed: stamp === undefined };
    return { ok: false, reason: `sha256 ${sha256}, expected ${expected.sha256}`, sha256 };
  }
}
