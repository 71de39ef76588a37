// Reading a results file from disk, in 1 MB pieces, line by line (async or sync), or whole.
import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import { InvalidInputError } from "../errors.js";
import { existingRegularFile, readInputFile, regularFileStats } from "../util/read-input.js";
import { parseResultsFile, ResultsLineReader } from "./line-reader.js";
import type { ParsedResultsFile, ResultsFileTail, ResultsLine } from "./lines.js";

/**
 * Reads a results file in 1 MB pieces, handing each line to `onLine` as it is parsed (see
 * {@link ResultsLineReader}); returns where its intact lines end.
 *
 * @example
 * await streamResultsFile("results.jsonl", (line) => { if (line.type === "record") count++; });
 */
export async function streamResultsFile(
  file: string,
  onLine: (line: ResultsLine) => void,
): Promise<ResultsFileTail> {
  existingRegularFile(file, "results file");
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, "r");
  } catch (err) {
    throw unreadable(file, err);
  }
  const reader = new ResultsLineReader(file, onLine);
  try {
    for (;;) {
      const piece = Buffer.allocUnsafe(1 << 20);
      const { bytesRead } = await handle.read(piece, 0, piece.length, null);
      if (bytesRead === 0) break;
      reader.push(piece.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
  return reader.end();
}

function unreadable(file: string, err: unknown): InvalidInputError {
  const code = (err as NodeJS.ErrnoException).code;
  return new InvalidInputError(
    code === "ENOENT"
      ? "results file does not exist; check the path"
      : `results file cannot be read (${code})`,
    { file },
    { cause: err },
  );
}

/** Reads and parses a results file; see {@link parseResultsFile}. */
export function readResultsFile(file: string): ParsedResultsFile {
  return parseResultsFile(readInputFile(file, "results file"), file);
}

/**
 * Reads a results file in 1 MB pieces without waiting on the event loop, handing each line to
 * `onLine` as it is parsed (see {@link ResultsLineReader}); returns where its intact lines end.
 */
export function forEachResultsLineSync(
  file: string,
  onLine: (line: ResultsLine, start: number) => void,
): ResultsFileTail {
  existingRegularFile(file, "results file");
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (err) {
    throw unreadable(file, err);
  }
  const reader = new ResultsLineReader(file, onLine);
  try {
    // One piece buffer, refilled: the reader copies what it keeps of a piece.
    const piece = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const bytesRead = readSync(fd, piece, 0, piece.length, null);
      if (bytesRead === 0) break;
      reader.push(piece.subarray(0, bytesRead));
    }
  } finally {
    closeSync(fd);
  }
  return reader.end();
}

/**
 * True when a results file exists and holds anything. A directory in its place is an `InvalidInputError` naming a
 * file path to give instead; anything else that is not a regular file (a FIFO, a device) is refused by its kind.
 */
export function resultsFileHasContent(file: string): boolean {
  if (existsSync(file) && statSync(file).isDirectory()) {
    throw new InvalidInputError(
      `is a directory, not a results file; give a file path, e.g. ${JSON.stringify(`${file.replace(/[/\\]+$/, "")}/results.jsonl`)}`,
      { file },
    );
  }
  return (regularFileStats(file, "results file")?.size ?? 0) > 0;
}
