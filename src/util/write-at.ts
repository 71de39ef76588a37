// Writing files a line at a time at a known position: shared by the results writer and the generate run's files.
import { mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { InvalidInputError } from "../errors.js";

/**
 * Opens `file` for writing (its folder made when missing); a failure is an `InvalidInputError` naming the file as
 * `what` and the system's code.
 *
 * @example
 * const fd = openForWriting("out/results.jsonl", "w", "results file");
 */
export function openForWriting(file: string, flags: string, what: string): number {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    return openSync(file, flags);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InvalidInputError(
      `${what} cannot be opened for writing (${code ?? String(err)}); check the path`,
      { file },
      { cause: err },
    );
  }
}

/**
 * Writes all of `text` at `position` (writeSync may write less than asked); returns the position after it.
 *
 * @example
 * position = writeAllAt(fd, "line\n", position);
 */
export function writeAllAt(fd: number, text: string, position: number): number {
  const bytes = Buffer.from(text, "utf8");
  let offset = 0;
  while (offset < bytes.length)
    offset += writeSync(fd, bytes, offset, bytes.length - offset, position + offset);
  return position + bytes.length;
}
