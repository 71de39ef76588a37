import { readFileSync } from "node:fs";

/** Where the report's browser program lives, beside this module (in src/ and in the published dist/). */
export const REPORT_SCRIPT_DIR = new URL("./assets/report-client/", import.meta.url);

/**
 * The program's files, in the order the page runs them, one job each. They are classic scripts (no
 * modules) that share one scope: {@link joinReportScript} puts them, in this order, in one function.
 * src/report/assets/tsconfig.json type-checks them together, as the page runs them.
 */
export const REPORT_SCRIPT_FILES = [
  "data.js", // the report's data and the page's state
  "dom.js", // building elements, formatting values
  "details.js", // a metric's details
  "verifier-details.js", // unsupported spans highlighted, the cascade's deciding path
  "dag-details.js", // a decision graph's path
  "jury-details.js", // each judge of a jury
  "conversation.js", // conversations, tool calls and which calls matched
  "detail-panel.js", // an expanded row's panel
  "table.js", // the row table
  "controls.js", // sorting, filters, "expand all"
  "main.js", // starts the page
] as const;

/**
 * The program's source from its files' texts (in {@link REPORT_SCRIPT_FILES} order): one strict-mode
 * function, run at once, whose body is the files, each after a comment naming it.
 *
 * @example
 * joinReportScript([["a.js", "var a = 1;\n"]]);
 * // '(function () {\n  "use strict";\n\n// report-client/a.js\nvar a = 1;\n})();\n'
 */
export function joinReportScript(files: readonly (readonly [name: string, text: string])[]): string {
  const body = files.map(([name, text]) => `\n// report-client/${name}\n${text}`).join("");
  return `(function () {\n  "use strict";\n${body}})();\n`;
}

/** The program's source, joined from its files in {@link REPORT_SCRIPT_DIR}. */
export function readReportScriptSource(): string {
  return joinReportScript(
    REPORT_SCRIPT_FILES.map(
      (name) => [name, readFileSync(new URL(name, REPORT_SCRIPT_DIR), "utf8")] as const,
    ),
  );
}

/**
 * The text of the report's `<script>` element for a program's source: a line break, then the source.
 * The CSP hash (report-script-hash.ts) is the sha256 of exactly this text.
 *
 * @example
 * embeddedScript("(function () {})();\n"); // "\n(function () {})();\n"
 */
export function embeddedScript(source: string): string {
  return `\n${source}`;
}

/**
 * Script of the HTML report, joined from assets/report-client/. It reads the data from
 * `<script type="application/json" id="report-data">` and builds the row table with `createElement` and
 * `textContent` only (never `innerHTML`), so dataset text can never become markup. Plain ES2017, no
 * modules, nothing fetched. The page allows it, and no other script, by its sha256
 * ({@link REPORT_SCRIPT_SHA256}, computed by the build).
 */
export const REPORT_SCRIPT = embeddedScript(readReportScriptSource());
