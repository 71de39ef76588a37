// Types for checking the files of report-client/ (see tsconfig.json here; the root tsconfig leaves this
// folder out): the controls the script looks up by id, as the report's page (src/report/html.ts) writes
// them. The script is embedded byte for byte, so their types are given here rather than by casts in it.
interface Document {
  getElementById(elementId: "filter-text"): HTMLInputElement | null;
  getElementById(elementId: "filter-status"): HTMLSelectElement | null;
}
