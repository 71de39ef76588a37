import { CsvError, parse } from "csv-parse/sync";
import { InvalidInputError } from "../errors.js";
import { type DecodedText, invalidUtf8Message } from "./utf8.js";
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

/** Reads JSON Lines: one object per non-blank line. */
export function readJsonl({ text, badLines }: DecodedText): RawRow[] {
  const bad = new Set(badLines);
  const rows: RawRow[] = [];
  const lines = text.split("\n");
  lines.forEach((rawLine, index) => {
    const line = index + 1;
    const content = rawLine.endsWith("\r") ? rawLine.slice(0, -1) : rawLine;
    if (content.trim() === "") return;
    if (bad.has(line)) {
      rows.push({ line, values: undefined, problems: [{ message: invalidUtf8Message(line) }] });
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      rows.push({ line, values: undefined, problems: [{ message: `is not valid JSON (${detail})` }] });
      return;
    }
    if (!isRecord(parsed)) {
      const message = `expected a JSON object per line, got ${describeJsonValue(parsed)}`;
      rows.push({ line, values: undefined, problems: [{ message }] });
      return;
    }
    rows.push({ line, values: parsed, problems: [] });
  });
  return rows;
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

/** Reads CSV with a header row: quoted fields, embedded newlines, BOM, CRLF. */
export function readCsv({ text, badLines }: DecodedText, file: string | undefined): RawRow[] {
  let records: CsvRecordWithInfo[];
  const bytes = Buffer.from(text, "utf8");
  try {
    records = parse(bytes, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as CsvRecordWithInfo[];
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines;
      throw new InvalidInputError(`CSV cannot be parsed: ${err.message}; check the quotes around that line`, {
        file,
        line,
      });
    }
    throw err;
  }
  const [headerRecord, ...dataRecords] = records;
  if (headerRecord === undefined) return [];
  const header = headerRecord.record.map((name) => name.trim());
  const [headerLines, ...dataLines] = recordLines(bytes, records);
  const headerLine = headerLines!.start;
  header.forEach((name, index) => {
    if (name === "") {
      throw new InvalidInputError(`CSV header column ${index + 1} has no name; name every column`, {
        file,
        line: headerLine,
      });
    }
    if (header.indexOf(name) !== index) {
      throw new InvalidInputError(`CSV header names column "${name}" twice; rename one`, {
        file,
        line: headerLine,
        field: name,
      });
    }
  });
  const bad = new Set(badLines);
  return dataRecords.map((rec, index): RawRow => {
    const { start: line, end } = dataLines[index]!;
    const problems: RowProblem[] = [];
    if (rec.record.length !== header.length) {
      problems.push({ message: `has ${rec.record.length} cells, but the header has ${header.length}` });
    }
    const values: Record<string, unknown> = {};
    header.forEach((name, index) => {
      values[name] = rec.record[index] ?? "";
    });
    const badInRecord = [...bad].filter((b) => b >= line && b <= end);
    if (badInRecord.length > 0) {
      const message = invalidUtf8Message(badInRecord[0]!);
      const fields = header.filter((name) => String(values[name]).includes("\uFFFD"));
      if (fields.length === 0) problems.push({ message });
      for (const field of fields) problems.push({ field, message });
    }
    return { line, values: problems.length > 0 ? undefined : values, problems };
  });
}

/**
 * Start and end lines of each CSV record, from the byte offset where each record ends (csv-parse's
 * `info.bytes`): line numbers are counted here, since csv-parse counts CRLF inside quotes as two lines.
 */
function recordLines(
  bytes: Buffer,
  records: readonly CsvRecordWithInfo[],
): Array<{ start: number; end: number }> {
  const newlines: number[] = [];
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) newlines.push(i);
  const lineAt = (offset: number): number => {
    let lo = 0;
    let hi = newlines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (newlines[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  const isBreak = (offset: number): boolean => bytes[offset] === 0x0a || bytes[offset] === 0x0d;
  let previousEnd = 0;
  return records.map((rec) => {
    let start = previousEnd;
    while (start < bytes.length && isBreak(start)) start++;
    let last = Math.min(rec.info.bytes, bytes.length) - 1;
    while (last > start && isBreak(last)) last--;
    previousEnd = rec.info.bytes;
    return { start: lineAt(start), end: lineAt(last) };
  });
}
