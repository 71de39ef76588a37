import { randomUUID } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { InvalidInputError } from "../errors.js";
import { realTarget } from "../util/real-path.js";

/** Who holds a results file: what `<results file>.lock` contains. */
export interface ResultsLockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
  /** The command line of the holding process. */
  command: string;
  /** Tells this holder's lock from a later one by the same pid. */
  token: string;
}

/** A lock file left by a process that died between creating and filling it is stale after this long. */
const unreadableStaleMs = 10_000;

/**
 * Path of the lock file guarding a results file: beside its real path (symlinks followed, see
 * `realTarget`), so a symlink to a file another run writes finds that run's lock.
 */
export function resultsLockPath(file: string): string {
  return `${realTarget(file)}.lock`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(lockFile: string): ResultsLockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(lockFile, "utf8")) as ResultsLockOwner;
    return typeof owner.pid === "number" && typeof owner.token === "string" ? owner : undefined;
  } catch {
    return undefined;
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** True when `owner` can no longer be writing: a dead pid on this host, or an unreadable lock left long ago. */
function isStale(lockFile: string, owner: ResultsLockOwner | undefined): boolean {
  if (owner === undefined) return ageMs(lockFile) > unreadableStaleMs;
  return owner.hostname === os.hostname() && !isAlive(owner.pid);
}

function tryCreate(lockFile: string, owner: ResultsLockOwner): boolean {
  let fd: number;
  try {
    fd = openSync(lockFile, "wx");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  }
  try {
    writeSync(fd, `${JSON.stringify(owner)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Removes a stale lock, under a short-lived guard file so that two processes breaking the same stale
 * lock cannot remove a fresh one: only the guard's holder re-reads the lock and deletes it, and only
 * when it is still the same stale owner.
 */
function breakStale(lockFile: string, seen: ResultsLockOwner | undefined): void {
  const guard = `${lockFile}.break`;
  if (ageMs(guard) > unreadableStaleMs) unlinkQuietly(guard);
  let fd: number;
  try {
    fd = openSync(guard, "wx");
  } catch {
    return; // another process is breaking it; the caller tries again
  }
  try {
    closeSync(fd);
    const now = readOwner(lockFile);
    if (now?.token === seen?.token && isStale(lockFile, now)) unlinkQuietly(lockFile);
  } finally {
    unlinkQuietly(guard);
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

function describeOwner(owner: ResultsLockOwner | undefined): string {
  if (owner === undefined) return "a process that is still creating the lock";
  return `pid ${owner.pid} on ${owner.hostname}, started ${owner.startedAt}: ${owner.command}`;
}

function heldError(file: string, lockFile: string, holder: ResultsLockOwner | undefined): InvalidInputError {
  return new InvalidInputError(
    `is being written by another run (${describeOwner(holder)}); wait for it to end, or write to another ` +
      `file. If that process is not an airgap-eval run, delete the lock file ${lockFile}`,
    { file },
  );
}

/**
 * Throws what {@link ResultsLock.acquire} would when another live run holds `file`, without taking the
 * lock: the CLI calls it before loading models, so a second run fails in milliseconds.
 *
 * @example
 * assertResultsFileFree("results.jsonl");
 */
export function assertResultsFileFree(file: string): void {
  const lockFile = resultsLockPath(file);
  if (!existsSync(lockFile)) return;
  const holder = readOwner(lockFile);
  if (!isStale(lockFile, holder)) throw heldError(file, lockFile, holder);
}

/**
 * An exclusive lock on a results file for a whole run: `<file>.lock`, created with `O_EXCL`, holding the
 * owner's pid, host, start time and command. A lock whose pid is dead (on this host) is stale and
 * removed; a live one makes {@link ResultsLock.acquire} throw an `InvalidInputError` naming the holder
 * (the CLI exits 2). Released by `release()`, and at process exit.
 *
 * @example
 * const lock = ResultsLock.acquire("results.jsonl");
 * try { ... } finally { lock.release(); }
 */
export class ResultsLock {
  private released = false;
  private readonly onExit = (): void => this.release();

  private constructor(
    /** The lock file. */
    readonly path: string,
    /** What the lock file holds. */
    readonly owner: ResultsLockOwner,
  ) {
    process.on("exit", this.onExit);
  }

  /** Takes the lock on `file`, or throws naming the run that holds it. */
  static acquire(file: string): ResultsLock {
    const lockFile = resultsLockPath(file);
    const owner: ResultsLockOwner = {
      pid: process.pid,
      hostname: os.hostname(),
      startedAt: new Date().toISOString(),
      command: process.argv.map((a) => path.basename(a)).join(" "),
      token: randomUUID(),
    };
    mkdirSync(path.dirname(lockFile), { recursive: true });
    for (let attempt = 0; attempt < 5; attempt++) {
      if (tryCreate(lockFile, owner)) return new ResultsLock(lockFile, owner);
      const holder = readOwner(lockFile);
      if (!isStale(lockFile, holder)) {
        throw heldError(file, lockFile, holder);
      }
      breakStale(lockFile, holder);
    }
    throw new InvalidInputError(
      `could not take the lock ${lockFile}: it kept changing hands; try again, or delete it if no run uses ${file}`,
      { file },
    );
  }

  /** Deletes the lock file if it is still this lock's; safe to call twice. */
  release(): void {
    if (this.released) return;
    this.released = true;
    process.off("exit", this.onExit);
    if (readOwner(this.path)?.token === this.owner.token) unlinkQuietly(this.path);
  }
}

/**
 * Runs `work` holding the lock on `file` (when given), releasing it however `work` ends.
 *
 * @example
 * await withResultsLock("results.jsonl", () => run());
 */
export async function withResultsLock<T>(file: string | undefined, work: () => Promise<T>): Promise<T> {
  if (file === undefined) return work();
  const lock = ResultsLock.acquire(file);
  try {
    return await work();
  } finally {
    lock.release();
  }
}

/**
 * Runs `work` holding the lock on `file`, for writers that finish without waiting (`merge`, the vitest
 * reporter): a run writing `file` makes it throw naming that run, before anything is written.
 *
 * @example
 * withResultsLockSync("merged.jsonl", () => writeAll());
 */
export function withResultsLockSync<T>(file: string, work: () => T): T {
  const lock = ResultsLock.acquire(file);
  try {
    return work();
  } finally {
    lock.release();
  }
}
