// Parsing a results file's bytes into lines, a piece at a time (see lines.ts for the format).
import { InvalidInputError } from "../errors.js";
import { ByteLines } from "../util/lines.js";
import { version } from "../version.js";
import {
  type ParsedResultsFile,
  type ResultsFileTail,
  type ResultsLine,
  resultsFormat,
  resultsFormatVersion,
} from "./lines.js";
import { ResultsRecordCheck } from "./record-check.js";

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * A results file written in a newer results format than this airgap-eval reads: named as such, with the airgap-eval
 * version that wrote it (the one to read it with), never as "not a results file".
 */
export class NewerResultsFormatError extends InvalidInputError {
  constructor(file: string, line: number, formatVersion: unknown, writtenBy: unknown) {
    const by =
      typeof writtenBy === "string" && writtenBy !== "" ? `airgap-eval ${writtenBy}` : "a newer airgap-eval";
    const use =
      typeof writtenBy === "string" && writtenBy !== ""
        ? `airgap-eval ${writtenBy} or newer (npx airgap-eval@${writtenBy} ...)`
        : "a newer airgap-eval";
    super(
      `was written by ${by} in results format ${String(formatVersion)}, newer than the formats up to ${resultsFormatVersion} this airgap-eval ${version} reads; read or continue it with ${use}, or upgrade`,
      { file, line },
    );
  }
}

/**
 * Parses a results file's bytes. A last line that is not valid JSON (a crash mid-write) is ignored;
 * a bad line anywhere else is an `InvalidInputError` naming the line.
 */
export function parseResultsFile(bytes: Buffer, file: string): ParsedResultsFile {
  const lines: ResultsLine[] = [];
  const reader = new ResultsLineReader(file, (line) => {
    lines.push(line);
  });
  reader.push(bytes);
  return { lines, ...reader.end() };
}

/**
 * Parses a results file given in pieces, one line at a time: each line is handed to `onLine` as it is
 * parsed, so a file of any size is read holding one line. A last line that is not valid JSON (a crash
 * mid-write) is ignored; a bad line anywhere else is an `InvalidInputError` naming the line.
 */
export class ResultsLineReader {
  private readonly lines = new ByteLines();
  private lineNo = 0;
  private count = 0;
  /** A complete line held back until the next one shows it was not the file's last. */
  private held: { text: string; lineNo: number; start: number; end: number; followed: boolean } | undefined;
  private validBytes = 0;
  private readonly check: ResultsRecordCheck;

  /** `onLine` gets each parsed line and the byte offset where the line starts in the file. */
  constructor(
    private readonly file: string,
    private readonly onLine: (line: ResultsLine, start: number) => void,
  ) {
    this.check = new ResultsRecordCheck(file);
  }

  /** Adds bytes of the file, in order. */
  push(chunk: Buffer): void {
    const { bytes, offset } = this.lines.push(chunk);
    let start = 0;
    for (let nl = bytes.indexOf(0x0a); nl !== -1; nl = bytes.indexOf(0x0a, start)) {
      this.take(bytes.subarray(start, nl).toString("utf8"), offset + start, offset + nl + 1);
      start = nl + 1;
    }
  }

  /** Ends the file; returns where its intact lines end. */
  end(): ResultsFileTail {
    const { bytes: rest, offset } = this.lines.end();
    const tail = rest.toString("utf8").trim();
    const total = offset + rest.length;
    if (tail === "") {
      if (rest.length > 0 && this.held !== undefined) this.held.followed = true;
      if (!this.flush(true))
        return { validBytes: this.validBytes, tornTail: true, missingFinalNewline: false };
      return {
        validBytes: rest.length > 0 ? total : this.validBytes,
        tornTail: false,
        missingFinalNewline: false,
      };
    }
    this.flush(false);
    this.lineNo++;
    if (this.parse(tail, this.lineNo, offset, true))
      return { validBytes: total, tornTail: false, missingFinalNewline: true };
    return { validBytes: this.validBytes, tornTail: true, missingFinalNewline: false };
  }

  private take(raw: string, start: number, end: number): void {
    this.lineNo++;
    const text = raw.trim();
    if (text === "") {
      if (this.held === undefined) this.validBytes = end;
      else {
        this.held.followed = true;
        this.held.end = end;
      }
      return;
    }
    this.flush(false);
    this.held = { text, lineNo: this.lineNo, start, end, followed: false };
  }

  /** Parses the held line; `last` when no line follows it. False when it is a torn last line. */
  private flush(last: boolean): boolean {
    const held = this.held;
    if (held === undefined) return true;
    this.held = undefined;
    if (!this.parse(held.text, held.lineNo, held.start, last && !held.followed)) return false;
    this.validBytes = held.end;
    return true;
  }

  /** Parses one line; false for a torn last line. */
  private parse(text: string, lineNo: number, start: number, isLast: boolean): boolean {
    const file = this.file;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      if (isLast) return false;
      throw new InvalidInputError(
        "is not valid JSON, so this is not an intact results file; restore it or start a new one",
        { file, line: lineNo },
        { cause: err },
      );
    }
    if (
      this.count === 0 &&
      (!isObject(parsed) || parsed.type !== "header" || parsed.format !== resultsFormat)
    ) {
      throw new InvalidInputError(
        `does not start with an airgap-eval results header; write results with evaluate({ out }) or airgap-eval eval --out`,
        { file, line: lineNo },
      );
    }
    if (!isObject(parsed) || typeof parsed.type !== "string") {
      throw new InvalidInputError("is not a results line (no type); is this an airgap-eval results file?", {
        file,
        line: lineNo,
      });
    }
    if (parsed.type === "header" && (parsed.formatVersion as number) > resultsFormatVersion) {
      throw new NewerResultsFormatError(
        file,
        lineNo,
        parsed.formatVersion,
        (parsed.metadata as { version?: unknown })?.version,
      );
    }
    this.check.take(parsed, lineNo);
    this.count++;
    this.onLine(parsed as unknown as ResultsLine, start);
    return true;
  }
}
