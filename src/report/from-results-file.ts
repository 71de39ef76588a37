import { reportMetadata } from "./display-paths.js";
import { JsonItems, jsonObjectChunks } from "./json.js";
import { ResultsFileIndex } from "./results-file-index.js";
import {
  type ReportFormat,
  reportChunks,
  reportFormatForPath,
  type WriteReportOptions,
  writeChunksAtomically,
} from "./write.js";

/** Options of {@link writeReportFromResults}: those of `writeReport`, and where notices go. */
export interface WriteReportFromResultsOptions extends WriteReportOptions {
  /** Told about a torn last line of the results file (a run that was cut off). Defaults to none. */
  onNotice?: (message: string) => void;
}

/**
 * Writes a report of a results file (what `airgap-eval report` and `eval --report` do): the file's
 * latest record of each row × metric, under each metric's latest configuration. The format comes from
 * the report's extension (or `options.format`). A torn last line is told to `onNotice`.
 *
 * The report is written as it is read, row by row, holding no records: memory does not grow with the
 * rows beyond an index of 8 bytes per row and metric (see docs/large-datasets.md). The bytes are those
 * `writeReport(report, loadResults(resultsFile), options)` writes.
 *
 * @example
 * await writeReportFromResults("report.html", "results.jsonl");
 */
export async function writeReportFromResults(
  report: string,
  resultsFile: string,
  options: WriteReportFromResultsOptions = {},
): Promise<void> {
  const { onNotice, ...rest } = options;
  await writeReportFromIndex(report, ResultsFileIndex.open(resultsFile, onNotice ? { onNotice } : {}), rest);
}

/**
 * Writes a report from an indexed results file (see {@link writeReportFromResults}); several reports of
 * one file share the index.
 *
 * @example
 * const index = ResultsFileIndex.open("results.jsonl");
 * for (const file of ["report.html", "report.csv"]) await writeReportFromIndex(file, index);
 */
export async function writeReportFromIndex(
  report: string,
  index: ResultsFileIndex,
  options: WriteReportOptions = {},
): Promise<ReportFormat> {
  const format = options.format ?? reportFormatForPath(report);
  // The full JSON view is `loadResults`' data: { metadata, records, invalidRows, aggregates }.
  const chunks =
    format === "json" && (options.view ?? "full") === "full"
      ? jsonObjectChunks(
          [
            ["metadata", reportMetadata(index.metadata)],
            ["records", new JsonItems(index.records())],
            ["invalidRows", index.invalidRows],
            ["aggregates", index.aggregates],
          ],
          options.indent ?? 2,
        )
      : reportChunks({ ...index.parts(), metadata: reportMetadata(index.metadata) }, format, options);
  await writeChunksAtomically(report, chunks);
  return format;
}
