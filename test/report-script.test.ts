// The HTML report's browser program is a folder of classic scripts (src/report/assets/report-client/),
// joined in a fixed order into the page's one script; the build writes the sha256 the report's
// Content-Security-Policy allows (src/report/report-script-hash.ts) and ships the files.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { hashModuleFile, reportScriptHashModule } from "../scripts/build-report-client.js";
import { toHtmlReport } from "../src/report/index.js";
import {
  joinReportScript,
  REPORT_SCRIPT,
  REPORT_SCRIPT_DIR,
  REPORT_SCRIPT_FILES,
  readReportScriptSource,
} from "../src/report/report-script.js";
import { makeFixtureResult } from "./support/report-fixtures.js";

describe("the HTML report's script", () => {
  it("has the CSP hash the build computed from the asset (else run npm run build)", () => {
    const expected = reportScriptHashModule(readReportScriptSource());
    expect(readFileSync(hashModuleFile, "utf8")).toBe(expected);
  });

  it("is embedded byte for byte, the one script the page's CSP allows", () => {
    const page = toHtmlReport(makeFixtureResult({ rows: 3 }));
    const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toEqual([REPORT_SCRIPT]);
    expect(REPORT_SCRIPT).toBe(`\n${readReportScriptSource()}`);
    const sha256 = createHash("sha256").update(REPORT_SCRIPT).digest("base64");
    expect(page).toContain(`script-src 'sha256-${sha256}'`);
  });

  it("is every file of the folder, in order, in one strict-mode function", () => {
    const texts = REPORT_SCRIPT_FILES.map((name) => readFileSync(new URL(name, REPORT_SCRIPT_DIR), "utf8"));
    expect(REPORT_SCRIPT.startsWith('\n(function () {\n  "use strict";\n')).toBe(true);
    expect(REPORT_SCRIPT.endsWith("})();\n")).toBe(true);
    let from = 0;
    for (const text of texts) {
      const at = REPORT_SCRIPT.indexOf(text, from);
      expect(at).toBeGreaterThan(from - 1);
      from = at + text.length;
    }
    const folder = readdirSync(fileURLToPath(REPORT_SCRIPT_DIR)).filter((name) => name.endsWith(".js"));
    expect([...folder].sort()).toEqual([...REPORT_SCRIPT_FILES].sort());
    expect(joinReportScript([["a.js", "var a = 1;\n"]])).toBe(
      '(function () {\n  "use strict";\n\n// report-client/a.js\nvar a = 1;\n})();\n',
    );
  });

  it("is type-checked file by file, in the order the page runs them (npm run typecheck)", () => {
    const tsconfig = JSON.parse(
      readFileSync(new URL("../src/report/assets/tsconfig.json", import.meta.url), "utf8"),
    ) as { files: string[] };
    expect(tsconfig.files.filter((file) => file.endsWith(".js"))).toEqual(
      REPORT_SCRIPT_FILES.map((name) => `report-client/${name}`),
    );
  });

  it("uses every name its files declare at their top level, the scope they share", () => {
    // Biome lints each file as a module and tsc's noUnusedLocals skips a script's top level, so this
    // test is what finds a top-level var or function nothing uses any more.
    const code = readReportScriptSource()
      .split("\n")
      .filter((line) => !line.trimStart().startsWith("//"))
      .join("\n");
    const declared = [...code.matchAll(/^(?:var|function) ([A-Za-z_]\w*)/gm)].map((m) => m[1] ?? "");
    expect(declared.length).toBeGreaterThan(30);
    const unused = declared.filter((name) => code.match(new RegExp(`\\b${name}\\b`, "g"))!.length < 2);
    expect(unused).toEqual([]);
  });
});
