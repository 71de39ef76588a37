import { readFileSync } from "node:fs";

/** Where the report's browser program lives, beside this module (in src/ and in the published dist/). */
export const REPORT_SCRIPT_FILE = new URL("./assets/report-client.js", import.meta.url);

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
 * Script of the HTML report, from assets/report-client.js. It reads the data from
 * `<script type="application/json" id="report-data">` and builds the row table with `createElement` and
 * `textContent` only (never `innerHTML`), so dataset text can never become markup. Plain ES2017, no
 * modules, nothing fetched. The page allows it, and no other script, by its sha256
 * ({@link REPORT_SCRIPT_SHA256}, computed by the build).
 */
export const REPORT_SCRIPT = embeddedScript(readFileSync(REPORT_SCRIPT_FILE, "utf8"));
