// Reports written from a results file row by row (writeReportFromResults, `airgap-eval report`) give the
// same bytes as reports of the loaded file (loadResults, then writeReport), in every format, on a file
// with every case a results file can hold; and they hold no records while they are written.
import { spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeReportFromResults } from "../src/report/from-results-file.js";
import { ResultsFileIndex } from "../src/report/results-file-index.js";
import { formatSummary } from "../src/report/summary.js";
import { type ReportFormat, renderReport, type WriteReportOptions } from "../src/report/write.js";
import { rowHash } from "../src/results/hash.js";
import { resultsFormat, resultsFormatVersion } from "../src/results/lines.js";
import { loadResults } from "../src/results/load.js";
import { cliSandbox, runCli } from "./fixtures/cli/run-cli.js";
import { repoRoot } from "./setup/paths.js";
import { writeTrickyResultsFile } from "./support/results-file-fixture.js";

const box = cliSandbox("airgap-report-stream-");
afterAll(() => box.cleanup());
const tricky = box.file("tricky.jsonl");
beforeAll(() => {
  writeTrickyResultsFile(tricky);
});

const extension: Record<ReportFormat, string> = { json: "json", csv: "csv", markdown: "md", html: "html" };

const variants: Array<[ReportFormat, WriteReportOptions]> = [
  ["json", {}],
  ["json", { indent: 0 }],
  ["json", { indent: 3, view: "detailed" }],
  ["json", { view: "detailed", indent: 0 }],
  ["json", { view: "aggregated" }],
  ["csv", {}],
  ["csv", { includeDetails: false, lineEnding: "\n", bom: true }],
  ["markdown", {}],
  ["markdown", { includeRows: false, maxCellLength: 12, title: "Nightly | run" }],
  ["html", {}],
  ["html", { maxRows: 5, histogramBins: 7 }],
  ["html", { maxRows: 0 }],
];

describe("a report written row by row from a results file", () => {
  it("reads the tricky file the way loadResults does (the cases are really there)", () => {
    const notices: string[] = [];
    const data = loadResults(tricky, { onNotice: (m) => notices.push(m) });
    expect(notices.join("\n")).toMatch(/torn/);
    const text = readFileSync(tricky, "utf8");
    expect(text).toContain('"type":"superseded"');
    // The edited row's new sample, the later record of row 0, the sparse row, context_relevance back
    // on its first configuration.
    expect(data.records.find((r) => r.row === 2)?.sample.response).toBe("An edited answer.");
    expect(data.records.find((r) => r.row === 0 && r.metric === "faithfulness")?.result.value).toBe(0.25);
    expect(data.records.some((r) => r.row === 64)).toBe(true);
    expect(data.records.some((r) => r.result.reason === "lenient")).toBe(false);
    expect(data.records.some((r) => r.result.status === "error")).toBe(true);
    expect(data.records.some((r) => r.result.status === "skipped")).toBe(true);
    // The last run's invalid rows only.
    expect(data.invalidRows.map((r) => r.message)).toEqual(["still not an array (run 3)"]);
  });

  it.each(variants)("%s %j: the same bytes as the report of the loaded file", async (format, options) => {
    const out = box.file(
      `api/${format}-${JSON.stringify(options).replace(/\W+/g, "_")}.${extension[format]}`,
    );
    const notices: string[] = [];
    await writeReportFromResults(out, tricky, { ...options, onNotice: (m) => notices.push(m) });
    expect(readFileSync(out, "utf8")).toBe(renderReport(loadResults(tricky), format, options));
    expect(notices).toHaveLength(1);
  });

  it("airgap-eval report writes all four formats and the summary as before", async () => {
    const flags: Record<ReportFormat, string> = {
      json: "--json",
      csv: "--csv",
      markdown: "--md",
      html: "--html",
    };
    const files = Object.fromEntries(
      Object.keys(flags).map((f) => [f, box.file(`cli/report.${extension[f as ReportFormat]}`)]),
    );
    const args = Object.entries(flags).flatMap(([format, flag]) => [flag, files[format]!]);
    const result = await runCli(["report", tricky, ...args], box.env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/torn/);
    const data = loadResults(tricky);
    for (const [format, file] of Object.entries(files)) {
      expect(readFileSync(file, "utf8"), format).toBe(renderReport(data, format as ReportFormat));
    }
    const summary = await runCli(["report", tricky], box.env);
    expect(summary.code, summary.stderr).toBe(0);
    expect(summary.stdout).toBe(formatSummary(data));
  });
});

/** Writes a results file of `rows` rows × one metric whose samples carry `bytes` of text each. */
async function writeLargeResults(
  file: string,
  rows: number,
  bytes: number,
  options: { totalRows?: boolean } = {},
): Promise<void> {
  const configHash = "a".repeat(64);
  const out = createWriteStream(file);
  const write = (line: unknown) =>
    out.write(`${JSON.stringify(line)}\n`)
      ? undefined
      : new Promise<void>((resolve) => out.once("drain", () => resolve()));
  await write({
    type: "header",
    format: resultsFormat,
    formatVersion: resultsFormatVersion,
    resumed: false,
    metadata: {
      version: "0.0.0",
      startedAt: "2025-01-01T00:00:00.000Z",
      metrics: {
        exact_match: { name: "exact_match", promptVersions: {}, options: {}, models: [], configHash },
      },
      runtime: {},
      options: {},
      ...(options.totalRows === false ? {} : { totalRows: rows }),
    },
  });
  const filler = "lorem ipsum dolor sit amet ".repeat(Math.ceil(bytes / 27)).slice(0, bytes);
  for (let row = 0; row < rows; row++) {
    // Rows finish out of order: pairs swapped.
    const r = row % 2 === 0 ? Math.min(row + 1, rows - 1) : row - 1;
    const sample = { userInput: `question ${r}`, response: `${r} ${filler}`, reference: `${r}` };
    await write({
      type: "record",
      row: r,
      rowHash: rowHash(sample),
      metric: "exact_match",
      configHash,
      result: { value: r % 3 === 0 ? 1 : 0, status: "ok" },
      sample,
      finishedAt: "2025-01-01T00:00:01.000Z",
      durationMs: 0.1,
    });
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
}

function runChild(
  heapMb: number,
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    [
      `--max-old-space-size=${heapMb}`,
      "--import",
      "tsx",
      path.join("test", "fixtures", "report-stream", "write-report.ts"),
      ...args,
    ],
    { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => {
    stdout += d;
  });
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

describe("lines longer than the reader's blocks", () => {
  it("a report of records of 1.3 MB each (a line across six 256 KB blocks) is the loaded file's", async () => {
    const file = box.file("long-lines.jsonl");
    await writeLargeResults(file, 9, 1_300_000);
    for (const format of ["json", "csv"] as const) {
      const out = box.file(`long-lines.${format}`);
      await writeReportFromResults(out, file);
      expect(readFileSync(out, "utf8")).toBe(renderReport(loadResults(file), format));
    }
  });
});

describe("memory of a report written from a results file", { timeout: 300_000 }, () => {
  const rows = 12_000;
  const large = box.file("large.jsonl");
  beforeAll(() => writeLargeResults(large, rows, 6_000));

  it("keeps an index of 8 bytes per row and metric, not records", () => {
    const index = ResultsFileIndex.open(large);
    // Sized by the header's row count: one Float64Array slot per row.
    expect(index.indexBytes).toBe(8 * rows);
    expect(index.rowCount).toBe(rows);
    expect(index.recordCount).toBe(rows);
  });

  it("without the header's row count the index grows by half as rows come, and the report is the same", async () => {
    const file = box.file("no-total.jsonl");
    await writeLargeResults(file, 5_000, 10, { totalRows: false });
    const index = ResultsFileIndex.open(file);
    // 1,024 slots at first, then 1,536, 2,304, 3,456 and 5,184.
    expect(index.indexBytes).toBe(8 * 5_184);
    const out = box.file("no-total.csv");
    await writeReportFromResults(out, file);
    expect(readFileSync(out, "utf8")).toBe(renderReport(loadResults(file), "csv"));
  });

  it("writes JSON and CSV of a 72 MB results file in a 48 MB heap, where loading the records cannot", async () => {
    const json = box.file("large-report.json");
    const csv = box.file("large-report.csv");
    const streamed = await runChild(48, ["stream", large, json, csv]);
    expect(streamed.code, streamed.stderr).toBe(0);
    expect(readFileSync(csv, "utf8").split("\r\n")).toHaveLength(rows + 2);
    expect((JSON.parse(readFileSync(json, "utf8")) as { records: unknown[] }).records).toHaveLength(rows);
    // The same heap is too small to hold the records: the streaming writer is what makes it fit.
    const loaded = await runChild(48, ["load", large, box.file("loaded-report.csv")]);
    expect(loaded.code).not.toBe(0);
    expect(loaded.stderr).toMatch(/heap/i);
  });
});
