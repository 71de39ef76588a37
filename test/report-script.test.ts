// The HTML report's browser program is a file (src/report/assets/report-client.js); the build writes the
// sha256 the report's Content-Security-Policy allows (src/report/report-script-hash.ts) and ships the file.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hashModuleFile, reportScriptHashModule } from "../scripts/build-report-client.js";
import { toHtmlReport } from "../src/report/index.js";
import { REPORT_SCRIPT, REPORT_SCRIPT_FILE } from "../src/report/report-script.js";
import { makeFixtureResult } from "./support/report-fixtures.js";

describe("the HTML report's script", () => {
  it("has the CSP hash the build computed from the asset (else run npm run build)", () => {
    const expected = reportScriptHashModule(readFileSync(REPORT_SCRIPT_FILE, "utf8"));
    expect(readFileSync(hashModuleFile, "utf8")).toBe(expected);
  });

  it("is embedded byte for byte, the one script the page's CSP allows", () => {
    const page = toHtmlReport(makeFixtureResult({ rows: 3 }));
    const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toEqual([REPORT_SCRIPT]);
    expect(REPORT_SCRIPT).toBe(`\n${readFileSync(REPORT_SCRIPT_FILE, "utf8")}`);
    const sha256 = createHash("sha256").update(REPORT_SCRIPT).digest("base64");
    expect(page).toContain(`script-src 'sha256-${sha256}'`);
  });
});
