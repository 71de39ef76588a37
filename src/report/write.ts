import { mkdir, open, rename, rm, writeFile } from "node:fs/promises";
import { dirname, extname } from "node:path";
import { InvalidInputError } from "../errors.js";
import { realTarget } from "../util/real-path.js";
import type { Comparison } from "./compare.js";
import { comparisonToHtml } from "./compare-html.js";
import { type CsvReportOptions, csvReportChunks, toCsvReport } from "./csv.js";
import { reportMetadata } from "./display-paths.js";
import { type HtmlReportOptions, htmlReportChunks, toHtmlReport } from "./html.js";
import { comparisonToJson, type JsonReportOptions, jsonReportChunks, toJsonReport } from "./json.js";
import { comparisonMarkdown } from "./judged-compare.js";
import { type MarkdownReportOptions, markdownReportChunks, toMarkdownReport } from "./markdown.js";
import type { ReportParts } from "./parts.js";
import { type ReportInput, reportData } from "./views.js";

/** Report file formats. */
export type ReportFormat = "json" | "csv" | "markdown" | "html";

const EXTENSIONS: Record<string, ReportFormat> = {
  ".json": "json",
  ".csv": "csv",
  ".md": "markdown",
  ".markdown": "markdown",
  ".html": "html",
  ".htm": "html",
};

/**
 * The report format for a file name, from its extension (`.json`, `.csv`, `.md`/`.markdown`,
 * `.html`/`.htm`, any case). Throws {@link InvalidInputError} naming the supported extensions otherwise.
 *
 * @example
 * reportFormatForPath("out/report.HTML"); // "html"
 */
export function reportFormatForPath(path: string): ReportFormat {
  const format = EXTENSIONS[extname(path).toLowerCase()];
  if (!format) {
    throw new InvalidInputError(
      `cannot tell the report format from the extension "${extname(path) || "(none)"}"; use one of ${Object.keys(EXTENSIONS).join(", ")}`,
      { file: path },
    );
  }
  return format;
}

/** Options for {@link writeReport}: the options of every exporter, plus an explicit format. */
export interface WriteReportOptions
  extends JsonReportOptions,
    CsvReportOptions,
    Omit<MarkdownReportOptions, "title">,
    Omit<HtmlReportOptions, "title"> {
  /** Format to write, overriding the file extension. Defaults to the format of the extension. */
  format?: ReportFormat;
  /** Title of Markdown and HTML reports. Defaults to `"airgap-eval report"`. */
  title?: string;
}

/**
 * Renders a run in the format chosen by the file extension (or `options.format`).
 *
 * @example
 * const text = renderReport(result, "html");
 */
export function renderReport(
  data: ReportInput,
  format: ReportFormat,
  options: WriteReportOptions = {},
): string {
  // No absolute local path in a report (see display-paths.ts).
  const full = reportData(data);
  const input = full.metadata === undefined ? full : { ...full, metadata: reportMetadata(full.metadata) };
  return renderData(input, format, options);
}

function renderData(data: ReportInput, format: ReportFormat, options: WriteReportOptions): string {
  switch (format) {
    case "json":
      return toJsonReport(data, options);
    case "csv":
      return toCsvReport(data, options);
    case "markdown":
      return toMarkdownReport(data, options);
    case "html":
      return toHtmlReport(data, options);
  }
}

/**
 * Writes a run's report to `path`, choosing JSON, CSV, Markdown or HTML by extension. Creates the folder,
 * and writes through a temporary file renamed into place, so a reader never sees half a report.
 *
 * @example
 * await writeReport("out/report.html", result);
 * await writeReport("out/rows.csv", result, { includeDetails: false });
 */
export async function writeReport(
  path: string,
  data: ReportInput,
  options: WriteReportOptions = {},
): Promise<ReportFormat> {
  const format = options.format ?? reportFormatForPath(path);
  await writeAtomically(path, renderReport(data, format, withCsvView(path, options)));
  return format;
}

/**
 * `options` with `aggregated: true` for a CSV report named `*.summary.csv` (one line per metric with its interval),
 * unless the options say otherwise.
 *
 * @example
 * withCsvView("out/run.summary.csv", {}); // { aggregated: true }
 */
export function withCsvView(path: string, options: WriteReportOptions): WriteReportOptions {
  if (options.aggregated !== undefined || !path.toLowerCase().endsWith(".summary.csv")) return options;
  return { ...options, aggregated: true };
}

/**
 * Writes a comparison of two runs as JSON (`.json`) or Markdown (`.md`, `.markdown`).
 *
 * @example
 * await writeComparison("compare.md", compareRuns(before, after));
 */
export async function writeComparison(path: string, comparison: Comparison): Promise<ReportFormat> {
  const format = reportFormatForPath(path);
  if (format !== "json" && format !== "markdown" && format !== "html") {
    throw new InvalidInputError(`a comparison can be written as .json, .md or .html, not as ${format}`, {
      file: path,
    });
  }
  await writeAtomically(
    path,
    format === "json"
      ? comparisonToJson(comparison)
      : format === "html"
        ? comparisonToHtml(comparison)
        : comparisonMarkdown(comparison),
  );
  return format;
}

/**
 * The report of `parts` in `format`, in pieces whose concatenation is the report (see
 * {@link renderReport}); the JSON `full` view is not made of parts and is written as the `detailed` one.
 *
 * @example
 * for (const piece of reportChunks(reportPartsOf(result), "csv")) out.write(piece);
 */
export function reportChunks(
  parts: ReportParts,
  format: ReportFormat,
  options: WriteReportOptions = {},
): Iterable<string> {
  switch (format) {
    case "json":
      return jsonReportChunks(parts, {
        ...options,
        view: options.view === "aggregated" ? "aggregated" : "detailed",
      });
    case "csv":
      return csvReportChunks(parts, options);
    case "markdown":
      return markdownReportChunks(parts, options);
    case "html":
      return htmlReportChunks(parts, options);
  }
}

/**
 * Writes pieces of text to `path` as they come (about 1 MB at a time), through a temporary file renamed
 * into place, so a reader never sees half a file; the temporary file is removed when writing fails.
 *
 * @example
 * await writeChunksAtomically("out/report.csv", csvReportChunks(parts));
 */
export async function writeChunksAtomically(path: string, chunks: Iterable<string>): Promise<void> {
  path = realTarget(path); // a symlinked report stays a link; its target gets the new report
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  const handle = await open(temp, "w");
  try {
    // One buffer, filled and written again and again: no garbage per write.
    const buffer = Buffer.allocUnsafe(1 << 20);
    let used = 0;
    const flush = async () => {
      for (let done = 0; done < used; ) done += (await handle.write(buffer, done, used - done)).bytesWritten;
      used = 0;
    };
    for (const chunk of chunks) {
      // A UTF-8 character takes at most 3 bytes per UTF-16 unit.
      if (used + chunk.length * 3 > buffer.length) await flush();
      if (chunk.length * 3 > buffer.length) await handle.write(chunk, null, "utf8");
      else used += buffer.write(chunk, used, "utf8");
    }
    await flush();
    await handle.close();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw err;
  }
  await rename(temp, path);
}

async function writeAtomically(path: string, text: string): Promise<void> {
  path = realTarget(path);
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, text, "utf8");
  await rename(temp, path);
}
