import { columnName, type SampleField, sampleFields } from "../sample/field-table.js";
import { type ReportParts, reportPartsOf } from "./parts.js";
import type { ReportInput } from "./views.js";

/** Options for {@link toCsvReport}. */
export interface CsvReportOptions {
  /** Adds a `<metric>_details` column holding each row's metric details as JSON. Defaults to `true`. */
  includeDetails?: boolean;
  /** Record separator. RFC 4180 uses CRLF. Defaults to `"\r\n"`. */
  lineEnding?: "\r\n" | "\n";
  /** Starts the file with a UTF-8 byte-order mark, which Excel needs to read non-ASCII text. Defaults to `false`. */
  bom?: boolean;
}

/** A CSV cell: a number we computed (written as a plain number) or text (neutralised and quoted as needed). */
export type CsvValue = string | number | boolean | null | undefined;

// First characters that make Excel, LibreOffice Calc or Google Sheets read a cell as a formula (OWASP's
// list: = + - @ tab CR, plus LF and NUL), and their full-width forms, which some spreadsheets fold.
const FORMULA_TRIGGERS = new Set(["=", "+", "-", "@", "\t", "\r", "\n", "\0", "＝", "＋", "－", "＠"]);

/**
 * Neutralises a text cell against spreadsheet formula injection: text whose first character (or first
 * character after leading spaces) is `=`, `+`, `-`, `@`, tab, CR, LF or NUL gets a single quote in front,
 * which spreadsheets treat as "this is text".
 *
 * @example
 * neutraliseCsvText("=HYPERLINK(\"http://x\")"); // "'=HYPERLINK(\"http://x\")"
 * neutraliseCsvText("plain"); // "plain"
 */
export function neutraliseCsvText(text: string): string {
  const first = text.replace(/^ +/, "").charAt(0);
  return FORMULA_TRIGGERS.has(text.charAt(0)) || FORMULA_TRIGGERS.has(first) ? `'${text}` : text;
}

/**
 * One CSV field. Finite numbers are written as plain numbers, negative ones included: a score such as
 * `-0.2` (cosine similarity) is a number to a spreadsheet, not a formula, and only values we computed are
 * passed as numbers. Everything else is text: neutralised with {@link neutraliseCsvText}, then quoted
 * when it holds a comma, quote, CR or LF (quotes doubled, RFC 4180).
 *
 * @example
 * csvField(-0.2); // "-0.2"
 * csvField("-0.2"); // "'-0.2"
 * csvField('say "hi", bye'); // "\"say \"\"hi\"\", bye\""
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  const text = neutraliseCsvText(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Dataset inputs in CSV column order: every sample field, under its column name. */
const INPUT_COLUMNS: ReadonlyArray<[SampleField, string]> = sampleFields.map((field) => [
  field,
  columnName(field),
]);

/**
 * The detailed view as CSV: `row`, `row_hash`, the inputs the rows have under their column names (Ragas', or
 * Haystack's for the document fields; lists, documents and rubrics as JSON), then per metric `<id>`,
 * `<id>_status`, `<id>_reason`, `<id>_error` and `<id>_details` (JSON).
 * Every text cell is neutralised against formula injection; see {@link csvField} for numbers.
 *
 * @example
 * await writeFile("report.csv", toCsvReport(result));
 */
export function toCsvReport(data: ReportInput, options: CsvReportOptions = {}): string {
  return [...csvReportChunks(reportPartsOf(data), options)].join("");
}

/**
 * The CSV report in pieces, row by row: {@link toCsvReport} is their concatenation, and a report written
 * from a results file writes them as they come.
 *
 * @example
 * for (const piece of csvReportChunks(reportPartsOf(result))) out.write(piece);
 */
export function* csvReportChunks(parts: ReportParts, options: CsvReportOptions = {}): Generator<string> {
  const includeDetails = options.includeDetails ?? true;
  const eol = options.lineEnding ?? "\r\n";
  const { metrics } = parts;
  const inputs = INPUT_COLUMNS.filter(([key]) => parts.sampleFields.has(key));

  const header: string[] = ["row", "row_hash", ...inputs.map(([, name]) => name)];
  for (const metric of metrics) {
    header.push(metric, `${metric}_status`, `${metric}_reason`, `${metric}_error`);
    if (includeDetails) header.push(`${metric}_details`);
  }
  yield `${options.bom ? "\uFEFF" : ""}${header.map(csvField).join(",")}${eol}`;
  for (const row of parts.rows()) {
    const cells: CsvValue[] = [row.row, row.rowHash];
    for (const [key] of inputs) {
      const value = row.sample[key];
      cells.push(typeof value === "object" ? JSON.stringify(value) : value);
    }
    for (const metric of metrics) {
      const cell = row.metrics[metric];
      cells.push(cell?.value, cell?.status, cell?.reason, cell?.error);
      if (includeDetails) cells.push(cell?.details === undefined ? undefined : JSON.stringify(cell.details));
    }
    yield `${cells.map(csvField).join(",")}${eol}`;
  }
}
