// The generate run's JSONL files (test set, rejected candidates): read with a torn last line cut off (a kill
// mid-write), appended one line per write and flushed to the device per line, so a finished row survives kill -9
// and power loss.
import { closeSync, existsSync, fsyncSync, ftruncateSync, renameSync } from "node:fs";
import { InvalidInputError } from "../errors.js";
import { readInputFile, regularFileStats } from "../util/read-input.js";
import { wellFormedJson } from "../util/well-formed.js";
import { openForWriting, writeAllAt } from "../util/write-at.js";

/** A JSONL file's intact lines, and where they end. */
export interface JsonlContent {
  /** Each intact line, parsed, with its 1-based line number. */
  lines: Array<{ value: unknown; line: number }>;
  /** Bytes up to the end of the last intact line (a torn last line starts there). */
  validBytes: number;
  /** True when the last intact line has no line break after it. */
  missingFinalNewline: boolean;
}

/**
 * Reads a JSONL file written by {@link JsonlAppender}: every complete line must be JSON (else an error naming the
 * line); a last line that is not (cut by a kill mid-write) is left out. A missing file reads as empty.
 */
export function readJsonlFile(file: string): JsonlContent {
  if (regularFileStats(file, "test set file") === undefined)
    return { lines: [], validBytes: 0, missingFinalNewline: false };
  const bytes = readInputFile(file, "test set file");
  const lines: JsonlContent["lines"] = [];
  let start = 0;
  let line = 0;
  let validBytes = 0;
  let missingFinalNewline = false;
  while (start < bytes.length) {
    const nl = bytes.indexOf(0x0a, start);
    const stop = nl === -1 ? bytes.length : nl;
    line++;
    const text = bytes.subarray(start, stop).toString("utf8").trim();
    if (text !== "") {
      try {
        lines.push({ value: JSON.parse(text), line });
      } catch (err) {
        if (nl === -1) break; // a torn last line: left out, cut off before appending
        throw new InvalidInputError(
          "is not JSON; the file was changed by hand? Fix or delete the line, or start over with --overwrite",
          { file, line },
          { cause: err },
        );
      }
    }
    validBytes = nl === -1 ? bytes.length : nl + 1;
    missingFinalNewline = nl === -1;
    start = stop + 1;
  }
  return { lines, validBytes, missingFinalNewline };
}

/** Appends JSON lines to a file, one write and one fsync per line. */
export class JsonlAppender {
  private fd: number | undefined;
  private position: number;

  private constructor(
    readonly file: string,
    fd: number,
    position: number,
  ) {
    this.fd = fd;
    this.position = position;
  }

  /** Creates (or truncates) the file. */
  static create(file: string): JsonlAppender {
    return new JsonlAppender(file, open(file, "w"), 0);
  }

  /** Opens the file after its intact lines (`content` from {@link readJsonlFile}): a torn last line is cut off. */
  static append(
    file: string,
    content: Pick<JsonlContent, "validBytes" | "missingFinalNewline">,
  ): JsonlAppender {
    const fd = open(file, existsSync(file) ? "r+" : "w");
    ftruncateSync(fd, content.validBytes);
    const appender = new JsonlAppender(file, fd, content.validBytes);
    if (content.missingFinalNewline) appender.writeText("\n");
    return appender;
  }

  private writeText(text: string): void {
    if (this.fd === undefined) throw new InvalidInputError("is already closed", { file: this.file });
    this.position = writeAllAt(this.fd, text, this.position);
    fsyncSync(this.fd);
  }

  /** Appends one value as a line and flushes it to the device. */
  write(value: unknown): void {
    this.writeText(`${wellFormedJson(value)}\n`);
  }

  /** Closes the file. */
  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }
}

/** Writes a whole file through a temporary file and a rename, so readers see the old or the new content. */
export function replaceFile(file: string, text: string): void {
  const temporary = `${file}.tmp-${process.pid}`;
  const fd = open(temporary, "w");
  try {
    writeAllAt(fd, text, 0);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

function open(file: string, flags: string): number {
  return openForWriting(file, flags, "the file");
}
