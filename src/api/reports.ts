// The public names of the group "Reports" (src/index.ts re-exports this file; docs/api.md lists the groups):
// a run as JSON, CSV, Markdown or HTML; two runs compared.

export { type WriteReportFromResultsOptions, writeReportFromResults } from "../evaluate/report-file.js";
export { type CompareOptions, type Comparison, compareRuns } from "../report/compare.js";
export type { ReportInput } from "../report/views.js";
export {
  type ReportFormat,
  renderReport,
  type WriteReportOptions,
  writeComparison,
  writeReport,
} from "../report/write.js";
