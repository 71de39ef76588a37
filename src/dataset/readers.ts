import { CsvError, Parser } from "csv-parse";
import { InvalidInputError } from "../errors.js";
import { countLineFeeds, textLines } from "../util/lines.js";
import { type CsvDelimiter, csvHeaderNames, delimiterName, sniffDelimiter } from "./csv-sniff.js";
import { type DecodedText, invalidUtf8Message, Utf8LineDecoder } from "./utf8.js";
import type { RowProblem } from "./validate.js";

/** A row as read from a file, before mapping and validation. */
export interface RawRow {
  /** 1-based line where the row starts. */
  line: number;
  /** Column values; undefined when the row could not be read at all. */
  values: Record<string, unknown> | undefined;
  /** Problems found while reading (bad JSON, invalid UTF-8, wrong cell count). */
  problems: RowProblem[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function describeJsonValue(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (value === null) return "null";
  return `a ${typeof value}`;
}

/** The row of one JSON Lines line (`content` without its line break), or undefined for a blank line. */
function jsonlRow(content: string, line: number, bad: boolean): RawRow | undefined {
  if (content.trim() === "") return undefined;
  if (bad) return { line, values: undefined, problems: [{ message: invalidUtf8Message(line) }] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return { line, values: undefined, problems: [{ message: `is not valid JSON (${detail})` }] };
  }
  if (!isRecord(parsed)) {
    const message = `expected a JSON object per line, got ${describeJsonValue(parsed)}`;
    return { line, values: undefined, problems: [{ message }] };
  }
  return { line, values: parsed, problems: [] };
}

/** Reads a file's bytes given in pieces into rows: `push` returns the rows complete so far, `end` the rest. */
export interface RowReader {
  push(chunk: Buffer): RawRow[];
  end(): RawRow[];
}

/**
 * Throws when the first line of a JSON Lines file is no JSON but a CSV header: a CSV file saved as .jsonl,
 * which would otherwise give one "is not valid JSON" per line.
 */
function refuseCsvAsJsonl(first: RawRow, content: string, file: string | undefined): void {
  if (first.values !== undefined) return;
  const names = csvHeaderNames(content);
  if (names === undefined) return;
  const shown = names.slice(0, 4).join(", ") + (names.length > 4 ? ", ..." : "");
  throw new InvalidInputError(
    `this file is read as JSON Lines (its extension says so), but its first line is no JSON: it reads as a CSV header ` +
      `(${shown}, ${delimiterName(sniffDelimiter(content))}-separated). Rename the file to .csv, or pass format: "csv" to loadDataset`,
    { file, line: first.line },
  );
}

/** Reads JSON Lines (one object per non-blank line) from bytes given in pieces. */
export class JsonlReader implements RowReader {
  private readonly decoder = new Utf8LineDecoder();
  private sawRow = false;

  /** `file` names the file in errors. */
  constructor(private readonly file?: string) {}

  push(chunk: Buffer): RawRow[] {
    return this.rows(this.decoder.push(chunk));
  }

  end(): RawRow[] {
    return this.rows(this.decoder.end());
  }

  private rows({ text, badLines, firstLine }: DecodedText & { firstLine: number }): RawRow[] {
    const rows: RawRow[] = [];
    if (text === "") return rows;
    const bad = new Set(badLines);
    textLines(text).forEach((content, i) => {
      const row = jsonlRow(content, firstLine + i, bad.has(firstLine + i));
      if (row === undefined) return;
      if (!this.sawRow) refuseCsvAsJsonl(row, content, this.file);
      this.sawRow = true;
      rows.push(row);
    });
    return rows;
  }
}

/** Reads JSON Lines: one object per non-blank line; `file` names the file in errors. */
export function readJsonl(bytes: Buffer, file?: string): RawRow[] {
  const reader = new JsonlReader(file);
  return [...reader.push(bytes), ...reader.end()];
}

/** 1-based start line of each element of a top-level JSON array. */
function arrayElementLines(text: string): number[] {
  const starts: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "\n") line++;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (depth === 1 && expectValue && !/\s/.test(ch) && ch !== "]") {
      starts.push(line);
      expectValue = false;
    }
    if (ch === '"') inString = true;
    else if (ch === "[" || ch === "{") {
      depth++;
      if (depth === 1) expectValue = true;
    } else if (ch === "]" || ch === "}") depth--;
    else if (ch === "," && depth === 1) expectValue = true;
  }
  return starts;
}

/** Reads a JSON file holding one array of row objects. */
export function readJsonArray({ text, badLines }: DecodedText, file: string | undefined): RawRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    const hint = badLines.length > 0 ? ` (${invalidUtf8Message(badLines[0]!)})` : "";
    throw new InvalidInputError(`is not valid JSON: ${detail}${hint}`, { file }, { cause: err });
  }
  if (!Array.isArray(parsed)) {
    throw new InvalidInputError(
      `expected a JSON array of row objects, got ${describeJsonValue(parsed)}; for one object per line use a .jsonl file`,
      { file },
    );
  }
  const starts = arrayElementLines(text);
  return parsed.map((value: unknown, index): RawRow => {
    const line = starts[index] ?? 1;
    const end = (starts[index + 1] ?? Number.POSITIVE_INFINITY) - 1;
    const problems: RowProblem[] = badLines
      .filter((b) => b >= line && b <= end)
      .map((b) => ({ message: invalidUtf8Message(b) }));
    if (!isRecord(value)) {
      problems.push({ message: `expected a row object, got ${describeJsonValue(value)}` });
      return { line, values: undefined, problems };
    }
    return { line, values: problems.length > 0 ? undefined : value, problems };
  });
}

interface CsvRecordWithInfo {
  record: string[];
  info: { bytes: number };
}

/** Line breaks (LF or CR) end a CSV record; they are skipped when finding where a record starts and ends. */
function isBreak(byte: number | undefined): boolean {
  return byte === 0x0a || byte === 0x0d;
}

/** csv-parse's streaming parser for a file whose fields are separated by `delimiter`. */
function csvParser(delimiter: CsvDelimiter): Parser {
  const parser = new Parser({
    bom: true,
    info: true,
    skip_empty_lines: true,
    relax_column_count: true,
    delimiter,
    // A stream option (passed on to Node's Transform): records are read right after each write, so the
    // parser never waits for its reader and every write is parsed at once.
    ...{ readableHighWaterMark: Number.MAX_SAFE_INTEGER },
  });
  parser.on("error", () => {
    // Read from `parser.errored` after each call.
  });
  return parser;
}

/**
 * Reads CSV with a header row (quoted fields, embedded newlines, BOM, CRLF) from bytes given in pieces,
 * through csv-parse's streaming parser. The delimiter (comma, semicolon or tab) is sniffed from the header
 * line, so the parser starts once that line is in. Lines are counted here from the byte offset where each
 * record ends (csv-parse's `info.bytes`), since csv-parse counts CRLF inside quotes as two lines; only the
 * bytes of the record being read are kept.
 */
export class CsvReader implements RowReader {
  private readonly decoder = new Utf8LineDecoder();
  /** Made once the header line is in (see {@link sniffDelimiter}). */
  private parser: Parser | undefined;
  private delimiter: CsvDelimiter = ",";
  /** Bytes fed to the parser from `windowStart` on. */
  private window: Buffer = Buffer.alloc(0);
  private windowStart = 0;
  /** 1-based line at `windowStart`. */
  private windowLine = 1;
  private header: string[] | undefined;
  /** Lines with invalid UTF-8 not yet behind the current record. */
  private badLines: number[] = [];

  constructor(private readonly file: string | undefined) {}

  push(chunk: Buffer): RawRow[] {
    return this.feed(this.decoder.push(chunk), false);
  }

  end(): RawRow[] {
    return this.feed(this.decoder.end(), true);
  }

  /** The parser, made from the header line once it is in (or at the end); undefined until then. */
  private parserFor(bytes: Buffer, last: boolean): Parser | undefined {
    if (this.parser !== undefined) {
      if (bytes.length > 0) this.parser.write(bytes);
      return this.parser;
    }
    const newline = this.window.indexOf(0x0a);
    if (newline === -1 && !last) return undefined;
    const headerLine = this.window
      .subarray(0, newline === -1 ? this.window.length : newline)
      .toString("utf8");
    this.delimiter = sniffDelimiter(headerLine);
    this.parser = csvParser(this.delimiter);
    if (this.window.length > 0) this.parser.write(this.window);
    return this.parser;
  }

  private feed({ text, badLines }: DecodedText, last: boolean): RawRow[] {
    this.badLines.push(...badLines);
    const bytes = Buffer.from(text, "utf8");
    this.window = this.window.length === 0 ? bytes : Buffer.concat([this.window, bytes]);
    const parser = this.parserFor(bytes, last);
    if (parser === undefined) return [];
    if (last) parser.end();
    const error = parser.errored;
    if (error) {
      if (error instanceof CsvError) {
        const line = (error as CsvError & { lines?: number }).lines;
        throw new InvalidInputError(
          `CSV cannot be parsed: ${error.message}; check the quotes around that line ` +
            `(the file is read as ${delimiterName(this.delimiter)}-separated, the delimiter its header line uses)`,
          { file: this.file, line },
        );
      }
      throw error;
    }
    const rows: RawRow[] = [];
    for (let rec = parser.read() as CsvRecordWithInfo | null; rec !== null; rec = parser.read()) {
      const row = this.record(rec);
      if (row !== undefined) rows.push(row);
    }
    return rows;
  }

  /** Line of the byte at absolute `offset` (inside the window). */
  private lineAt(offset: number): number {
    return this.windowLine + countLineFeeds(this.window, offset - this.windowStart);
  }

  private record(rec: CsvRecordWithInfo): RawRow | undefined {
    const total = this.windowStart + this.window.length;
    let start = this.windowStart;
    while (start < total && isBreak(this.window[start - this.windowStart])) start++;
    let lastByte = Math.min(rec.info.bytes, total) - 1;
    while (lastByte > start && isBreak(this.window[lastByte - this.windowStart])) lastByte--;
    const line = this.lineAt(start);
    const end = this.lineAt(lastByte);
    // Drop the record's bytes from the window.
    const next = Math.min(rec.info.bytes, total);
    this.windowLine = this.lineAt(next);
    this.window = this.window.subarray(next - this.windowStart);
    this.windowStart = next;
    if (this.header === undefined) {
      this.header = this.checkHeader(rec.record, line);
      return undefined;
    }
    return this.dataRow(this.header, rec, line, end);
  }

  private checkHeader(record: readonly string[], line: number): string[] {
    const header = record.map((name) => name.trim());
    header.forEach((name, index) => {
      if (name === "") {
        throw new InvalidInputError(`CSV header column ${index + 1} has no name; name every column`, {
          file: this.file,
          line,
        });
      }
      if (header.indexOf(name) !== index) {
        throw new InvalidInputError(`CSV header names column "${name}" twice; rename one`, {
          file: this.file,
          line,
          field: name,
        });
      }
    });
    return header;
  }

  private dataRow(header: readonly string[], rec: CsvRecordWithInfo, line: number, end: number): RawRow {
    const problems: RowProblem[] = [];
    if (rec.record.length !== header.length) {
      problems.push({ message: `has ${rec.record.length} cells, but the header has ${header.length}` });
    }
    const values: Record<string, unknown> = {};
    header.forEach((name, index) => {
      values[name] = rec.record[index] ?? "";
    });
    const badInRecord = this.badLines.filter((b) => b >= line && b <= end);
    this.badLines = this.badLines.filter((b) => b > end);
    if (badInRecord.length > 0) {
      const message = invalidUtf8Message(badInRecord[0]!);
      const fields = header.filter((name) => String(values[name]).includes("\uFFFD"));
      if (fields.length === 0) problems.push({ message });
      for (const field of fields) problems.push({ field, message });
    }
    return { line, values: problems.length > 0 ? undefined : values, problems };
  }
}

/** Reads CSV with a header row: quoted fields, embedded newlines, BOM, CRLF. */
export function readCsv(bytes: Buffer, file: string | undefined): RawRow[] {
  const reader = new CsvReader(file);
  return [...reader.push(bytes), ...reader.end()];
}
