// The one way a command reads a file it was given: a regular file only (a FIFO, device, socket or folder is named
// and refused before it is opened, so nothing blocks in open() or reads a device forever), at most its size and
// never past `maxInputBytes`, and, for text, checked to be UTF-8 (UTF-16 and binary files are named as such).
import { closeSync, constants, fstatSync, openSync, readSync, type Stats, statSync } from "node:fs";
import { InvalidInputError } from "../errors.js";

/** The largest file any command reads whole: 1 GiB. A bigger input is refused with its size named. */
export const maxInputBytes = 1024 ** 3;

/** What a non-regular file is, in words (`a FIFO (named pipe)`), or undefined for a regular file. */
export function specialFileKind(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isSocket()) return "a socket";
  if (stats.isDirectory()) return "a folder";
  return "not a regular file";
}

function notRegular(file: string, what: string, kind: string): InvalidInputError {
  return new InvalidInputError(`${what} is ${kind}, not a regular file; name a regular file`, { file });
}

/**
 * The stats of `file` (symlinks followed), or undefined when nothing is there; throws when it is there but is not a
 * regular file, naming its kind. Nothing is opened.
 *
 * @example
 * regularFileStats("pipe.md", "document"); // throws: document is a FIFO (named pipe), not a regular file; ...
 */
export function regularFileStats(file: string, what: string): Stats | undefined {
  let stats: Stats;
  try {
    stats = statSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new InvalidInputError(
      `${what} cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)}); check the path and its permissions`,
      { file },
      { cause: err },
    );
  }
  const kind = specialFileKind(stats);
  if (kind !== undefined) throw notRegular(file, what, kind);
  return stats;
}

/**
 * The stats of the regular file `file`, which must exist: for a file read in pieces, checked before it is opened.
 *
 * @example
 * existingRegularFile("data.jsonl", "dataset file").size;
 */
export function existingRegularFile(file: string, what: string): Stats {
  const stats = regularFileStats(file, what);
  if (stats === undefined) throw new InvalidInputError(`${what} does not exist; check the path`, { file });
  return stats;
}

function tooBig(file: string, what: string, size: number): InvalidInputError {
  const mib = (n: number) => `${Math.round(n / 1024 ** 2)} MiB`;
  return new InvalidInputError(
    `${what} is ${mib(size)}, over the ${mib(maxInputBytes)} a command reads whole; split it into smaller files`,
    { file },
  );
}

/**
 * The bytes of the regular file `file`: refused before opening when it is missing or not a regular file, opened
 * without blocking and checked again on the open descriptor (so a file swapped for a FIFO in between is refused too),
 * and read up to its size, at most {@link maxInputBytes}. `what` names the file in messages (`dataset file`).
 *
 * @example
 * const bytes = readInputFile("data.jsonl", "dataset file");
 */
export function readInputFile(file: string, what: string): Buffer {
  existingRegularFile(file, what);
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new InvalidInputError(
      `${what} cannot be read (${code}); check its permissions`,
      { file },
      { cause: err },
    );
  }
  try {
    const stats = fstatSync(fd);
    const kind = specialFileKind(stats);
    if (kind !== undefined) throw notRegular(file, what, kind);
    if (stats.size > maxInputBytes) throw tooBig(file, what, stats.size);
    const bytes = Buffer.allocUnsafe(stats.size);
    let filled = 0;
    while (filled < bytes.length) {
      const n = readSync(fd, bytes, filled, bytes.length - filled, filled);
      if (n === 0) break; // the file shrank while it was read
      filled += n;
    }
    return bytes.subarray(0, filled);
  } finally {
    closeSync(fd);
  }
}

/** Bytes looked at for a byte-order mark, NUL bytes and the UTF-16 pattern. */
const probeBytes = 8192;

/** "UTF-16LE" / "UTF-16BE" when the bytes start with its byte-order mark or look like ASCII text in it, else undefined. */
export function utf16Kind(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "UTF-16LE";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "UTF-16BE";
  const probe = bytes.subarray(0, probeBytes - (probeBytes % 2));
  const pairs = Math.floor(probe.length / 2);
  if (pairs < 2) return undefined;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i + 1 < probe.length; i += 2) {
    if (probe[i] === 0) evenNul++;
    if (probe[i + 1] === 0) oddNul++;
  }
  // ASCII text in UTF-16: a NUL in (nearly) every other byte, on one side only.
  if (oddNul >= pairs * 0.9 && evenNul === 0) return "UTF-16LE";
  if (evenNul >= pairs * 0.9 && oddNul === 0) return "UTF-16BE";
  return undefined;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The first 1-based line holding invalid UTF-8. */
function firstBadLine(bytes: Uint8Array): number {
  let start = 0;
  let line = 1;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a) {
      try {
        strictUtf8.decode(bytes.subarray(start, i));
      } catch {
        return line;
      }
      start = i + 1;
      line++;
    }
  }
  return line;
}

/**
 * The encoding problem of bytes meant as text, as an error naming `file`, or undefined for text that is not UTF-16
 * and holds no NUL byte near its start: UTF-16 is named with the command that converts it; other NUL bytes make it a
 * binary file. `binaryHint` says what to give instead.
 */
export function textEncodingError(
  bytes: Uint8Array,
  file: string,
  what: string,
  binaryHint: string,
): InvalidInputError | undefined {
  const utf16 = utf16Kind(bytes);
  if (utf16 !== undefined) {
    return new InvalidInputError(
      `${what} is ${utf16} text, not UTF-8; convert it: iconv -f UTF-16 -t UTF-8 '${file}' > converted.txt`,
      { file },
    );
  }
  if (bytes.subarray(0, probeBytes).includes(0)) {
    return new InvalidInputError(`${what} is a binary file (it holds NUL bytes), not text; ${binaryHint}`, {
      file,
    });
  }
  return undefined;
}

/**
 * The text of the regular file `file` (see {@link readInputFile}), strictly UTF-8: UTF-16, binary files and invalid
 * UTF-8 are refused naming the file (and the line). A leading byte-order mark is kept.
 *
 * @example
 * const text = readTextInput("personas.json", "--personas file", "give a JSON array of personas");
 */
export function readTextInput(file: string, what: string, binaryHint: string): string {
  const bytes = readInputFile(file, what);
  const problem = textEncodingError(bytes, file, what, binaryHint);
  if (problem !== undefined) throw problem;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch (err) {
    const line = firstBadLine(bytes);
    throw new InvalidInputError(
      `${what} is not valid UTF-8 (first bad bytes on line ${line}); re-save it as UTF-8 (e.g. iconv -f latin1 -t utf-8)`,
      { file, line },
      { cause: err },
    );
  }
}
