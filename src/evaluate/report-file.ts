import { type WriteReportOptions, writeReport } from "../report/write.js";
import { loadResults } from "./results-file.js";

/**
 * Writes a report of a results file (what `airgap-eval report` and `eval --report` do): the file's
 * latest record of each row × metric, under each metric's latest configuration. The format comes from
 * the report's extension (or `options.format`). A torn last line is told to `onNotice`.
 *
 * @example
 * await writeReportFromResults("report.html", "results.jsonl");
 */
export async function writeReportFromResults(
  report: string,
  resultsFile: string,
  options: WriteReportOptions & { onNotice?: (message: string) => void } = {},
): Promise<void> {
  const { onNotice, ...rest } = options;
  await writeReport(report, loadResults(resultsFile, onNotice ? { onNotice } : {}), rest);
}
