// Reports name no absolute local path: inside the current directory a path is shown relative to it, elsewhere by
// its file name. The results file keeps the paths as recorded.
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { displayPath } from "../src/report/display-paths.js";
import { writeReportFromResults } from "../src/report/from-results-file.js";
import { renderReport } from "../src/report/write.js";
import { ResultsWriter } from "../src/results/writer.js";
import { makeFixtureResult } from "./support/report-fixtures.js";

const tmp = mkdtempSync(path.join(os.tmpdir(), "airgap-report-paths-"));
const formats = ["json", "csv", "markdown", "html"] as const;

function fixture() {
  const data = makeFixtureResult({ rows: 3 });
  const dataset = path.join(process.cwd(), "data", "eval.jsonl");
  const judge = path.join(os.homedir(), "private-models", "judge.gguf");
  for (const config of Object.values(data.metadata.metrics)) {
    for (const model of config.models) if (model.path !== undefined) model.path = judge;
  }
  return {
    data: { ...data, metadata: { ...data.metadata, dataset, resultsFile: path.join(tmp, "r.jsonl") } },
    judge,
  };
}

describe("paths in reports", () => {
  it("are shown relative to the current directory inside it, else by file name", () => {
    expect(displayPath("/work/main/models/judge.gguf", "/work/main")).toBe("models/judge.gguf");
    expect(displayPath("/home/me/models/judge.gguf", "/work/main")).toBe("judge.gguf");
    expect(displayPath("/work/main", "/work/main")).toBe(".");
    expect(displayPath("/work/mainly/x.jsonl", "/work/main")).toBe("x.jsonl");
    expect(displayPath("data/eval.jsonl", "/work/main")).toBe("data/eval.jsonl");
  });

  it.each(formats)(
    "a %s report embeds no absolute path (from a result and from a results file)",
    async (format) => {
      const { data, judge } = fixture();
      const results = path.join(tmp, `results-${format}.jsonl`);
      const writer = ResultsWriter.create(results);
      const { finishedAt: _f, interrupted: _i, ...header } = data.metadata;
      writer.writeHeader(header);
      writer.writeRecords(data.records);
      writer.write({ type: "end", finishedAt: data.metadata.finishedAt, interrupted: false });
      writer.close();
      // The results file keeps the paths as recorded.
      expect(readFileSync(results, "utf8")).toContain(judge);
      const streamed = path.join(tmp, `report-${format}.${format === "markdown" ? "md" : format}`);
      await writeReportFromResults(streamed, results);
      for (const text of [renderReport(data, format), readFileSync(streamed, "utf8")]) {
        expect(text).not.toContain(judge);
        expect(text).not.toContain(tmp);
        expect(text).not.toContain(process.cwd());
        // CSV holds the rows only; Markdown names the dataset, not the models.
        if (format === "json" || format === "html") expect(text).toContain("judge.gguf");
        if (format !== "csv") expect(text).toContain(path.join("data", "eval.jsonl"));
      }
    },
  );
});
