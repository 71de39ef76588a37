// Where a path really leads: through symlinks, and to the same file under another name (a hard link),
// so a lock or an "is this an input?" check cannot be dodged by naming a file another way.
import { type Dirent, lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { InvalidInputError } from "../errors.js";
import { regularFileStats } from "./read-input.js";

/** Symlinks followed before giving up, as the kernel's own limit (ELOOP). */
const maxLinks = 40;

/**
 * The real path of `file`: its `realpath` when it exists; otherwise the real path of its directory plus
 * its name, following a dangling symlink to where it would create the file. Falls back to the absolute
 * path when nothing along the way exists.
 *
 * @example
 * realTarget("alias.jsonl"); // "/data/locked.jsonl" when alias.jsonl is a symlink to it
 */
export function realTarget(file: string): string {
  let current = path.resolve(file);
  for (let hops = 0; hops < maxLinks; hops++) {
    try {
      return realpathSync(current);
    } catch {
      // does not exist (yet), or a dangling symlink
    }
    let link: string | undefined;
    try {
      if (lstatSync(current).isSymbolicLink()) link = readlinkSync(current);
    } catch {
      // not there at all
    }
    if (link === undefined) break;
    current = path.resolve(path.dirname(current), link);
  }
  try {
    return path.join(realpathSync(path.dirname(current)), path.basename(current));
  } catch {
    return current;
  }
}

/** True when `a` and `b` name one file: the same real path, or (both existing) the same device and inode. */
export function sameFile(a: string, b: string): boolean {
  if (realTarget(a) === realTarget(b)) return true;
  try {
    const sa = statSync(a);
    const sb = statSync(b);
    return sa.dev === sb.dev && sa.ino === sb.ino;
  } catch {
    return false;
  }
}

/** A file a command writes, and the flag that named it. */
export interface OutputPath {
  path: string;
  /** The flag or argument, e.g. `--out` or `--report`. */
  flag: string;
}

/** A file a command reads, and what it is. */
export interface InputPath {
  path: string;
  /** What the file is, e.g. `the dataset` or `shard file`. */
  what: string;
}

/**
 * Refuses, before anything is written, an output that is an input under any name (the same path, a
 * symlink, a hard link), two outputs that are one file, or an output that exists but is not a regular file (a FIFO
 * would block the command, a device would be written). The message names both paths and the flags.
 *
 * @example
 * assertOutputsAreNotInputs([{ path: "r.jsonl", flag: "--out" }], [{ path: "data.jsonl", what: "the dataset" }]);
 */
export function assertOutputsAreNotInputs(
  outputs: readonly (OutputPath | undefined)[],
  inputs: readonly (InputPath | undefined)[],
): void {
  const outs = outputs.filter((o): o is OutputPath => o !== undefined);
  for (const out of outs) regularFileStats(out.path, out.flag);
  for (const out of outs) {
    for (const input of inputs) {
      if (input === undefined || !sameFile(out.path, input.path)) continue;
      const alias =
        path.resolve(out.path) === path.resolve(input.path) ? "" : " (the same file under another name)";
      throw new InvalidInputError(
        `${out.flag} ${out.path} is ${input.what} ${input.path}${alias}; writing it would destroy the input. Choose another ${out.flag} file`,
        { file: out.path },
      );
    }
  }
  for (const [i, a] of outs.entries()) {
    const b = outs.slice(i + 1).find((o) => sameFile(a.path, o.path));
    if (b !== undefined) {
      throw new InvalidInputError(
        `${a.flag} ${a.path} and ${b.flag} ${b.path} are one file; give each output its own file`,
        { file: a.path },
      );
    }
  }
}

/** Every file under `dir` (following no symlinked directories); empty when `dir` does not exist. */
export function filesUnder(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : [full];
  });
}
