/**
 * Section "memory": peak RSS of `airgap-eval eval` as the dataset grows. Generates 10,000, 100,000 and
 * 1,000,000 short rows to a temporary JSONL file, runs the CLI on each in a child process with every
 * metric that needs no judge and no embeddings (`--metrics` with all of them), and reports the child's
 * peak RSS (`process.resourceUsage().maxRSS`, written by the child at exit), its CPU seconds, rows/s and
 * the ratio of the largest to the smallest peak. A light series runs three cheap judge-free metrics
 * (the same per-row work of evaluate() in a tenth of the time), and a third runs semantic_similarity on
 * the starter embedder. Flat memory means the ratio stays near 1.
 *
 * Reports: after each run of the light series, `airgap-eval report` writes the results file as JSON, CSV
 * and HTML, one child process per format, each measured the same way (peak RSS, CPU and wall seconds);
 * `--no-reports` skips them.
 *
 * Run alone: node --import tsx bench/memory.ts [--rows 10000,100000,1000000] [--light-rows ...]
 *            [--embedding-rows 10000,50000] [--no-reports] [--json out.json]
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { metricDescriptors } from "../src/metrics/catalog.js";
import { readsConversation } from "../src/sample/field-table.js";
import { flag, hasFlag, listFlag } from "./lib/cli.js";
import { markdownTable, num } from "./lib/markdown.js";
import { repoRoot, starterDir } from "./lib/models.js";
import { seededRandom as random, benchWords as words } from "./lib/random-words.js";
import { finishSection, isMain, note } from "./lib/section.js";

/** One run of the CLI on generated rows. */
export interface MemoryRun {
  series: "judge-free" | "judge-free-light" | "semantic_similarity";
  rows: number;
  metrics: number;
  /** Peak RSS of the eval process, MB. */
  peakRssMb: number;
  /** User + system CPU seconds of the eval process. */
  cpuSeconds: number;
  /** Wall seconds of the eval process (start to exit). */
  seconds: number;
  rowsPerSecond: number;
  /** Size of the dataset and of the results file written, MB. */
  datasetMb: number;
  resultsMb: number;
  exitCode: number | null;
}

/** One `airgap-eval report` of a light-series results file to one format. */
export interface MemoryReportRun {
  format: "json" | "csv" | "html";
  rows: number;
  /** Row × metric records in the results file. */
  records: number;
  /** Peak RSS of the report process, MB. */
  peakRssMb: number;
  cpuSeconds: number;
  seconds: number;
  /** Size of the results file read and of the report written, MB. */
  resultsMb: number;
  reportMb: number;
  exitCode: number | null;
}

/** Result of the memory section. */
export interface MemoryResult {
  section: "memory";
  runs: MemoryRun[];
  /** Reports written from the light series' results files (absent in results of older benches). */
  reports?: MemoryReportRun[];
  /** Per series (and per report format, as `report <format>`): largest peak RSS over the smallest. */
  ratios: Record<string, number>;
  loadAverage: number;
}

/** The report formats measured, with their `airgap-eval report` flags. */
const reportFormats = [
  ["json", "--json"],
  ["csv", "--csv"],
  ["html", "--html"],
] as const;

/** Runs `airgap-eval report` on a results file once per format; each report is deleted once measured. */
async function measureReports(
  results: string,
  rows: number,
  metrics: number,
  dir: string,
): Promise<MemoryReportRun[]> {
  const out: MemoryReportRun[] = [];
  const stats = path.join(dir, "report-stats.json");
  for (const [format, reportFlag] of reportFormats) {
    const report = path.join(dir, `report-${rows}.${format}`);
    note(`memory: report of ${rows} rows as ${format}`);
    const { exitCode, seconds } = await runEval(["report", results, reportFlag, report], stats);
    const measured = JSON.parse(readFileSync(stats, "utf8")) as { peakRssMb: number; cpuSeconds: number };
    out.push({
      format,
      rows,
      records: rows * metrics,
      ...measured,
      seconds,
      resultsMb: statSync(results).size / 1e6,
      reportMb: exitCode === 0 ? statSync(report).size / 1e6 : 0,
      exitCode,
    });
    rmSync(report, { force: true });
  }
  return out;
}

/** Writes `rows` generated rows (Ragas and Haystack column names) as JSONL. */
async function writeRows(file: string, rows: number): Promise<void> {
  const rand = random(7);
  const pick = () => words[Math.floor(rand() * words.length)]!;
  const sentence = (n: number) => `${Array.from({ length: n }, pick).join(" ")}.`;
  const out = createWriteStream(file);
  let buffer = "";
  for (let row = 0; row < rows; row++) {
    const contexts = Array.from({ length: 3 }, () => sentence(12));
    const docs = contexts.map((content, i) => ({ content, id: `d${row}-${i}`, meta: { file_id: `f${i}` } }));
    const truth = [docs[Math.floor(rand() * 3)]!, { content: sentence(12), id: `g${row}` }];
    buffer += `${JSON.stringify({
      user_input: sentence(8),
      response: sentence(14),
      reference: sentence(12),
      retrieved_contexts: contexts,
      reference_contexts: [contexts[0]!, sentence(12)],
      retrieved_context_ids: docs.map((d) => d.id),
      reference_context_ids: truth.map((d) => d.id),
      retrieved_documents: docs,
      ground_truth_documents: truth,
    })}\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
      buffer = "";
    }
  }
  out.write(buffer);
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
}

/** The light series' metrics. */
const lightMetrics = ["exact_match", "string_present", "id_based_context_recall"];

/** Runs the CLI (`eval` or `report`) in a child (this file in `--child` mode), which writes its peak RSS and CPU. */
async function runEval(
  args: readonly string[],
  statsFile: string,
): Promise<{ exitCode: number | null; seconds: number }> {
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(repoRoot, "bench", "memory.ts"), "--child", statsFile, "--", ...args],
    { cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"] },
  );
  const exitCode = await new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { exitCode, seconds: (performance.now() - t0) / 1000 };
}

/** Runs every size of both series. */
export async function runMemory(
  rowCounts: readonly number[],
  lightRowCounts: readonly number[],
  embeddingRowCounts: readonly number[],
  withReports = true,
): Promise<MemoryResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "airgap-eval-memory-"));
  // The single-turn metrics with no model at all: the generated rows hold no conversation for the agent metrics, and
  // the verifier metrics need ONNX verifiers (bench/verifiers.ts measures them).
  const judgeFree = metricDescriptors
    .filter(
      (d) =>
        !d.needsLlm &&
        !d.needsEmbeddings &&
        (d.needsVerifier ?? []).length === 0 &&
        !readsConversation(d.requiredFields),
    )
    .map((d) => d.id);
  const series: Array<{
    name: MemoryRun["series"];
    sizes: readonly number[];
    metrics: string[];
    extra: string[];
  }> = [
    { name: "judge-free", sizes: rowCounts, metrics: judgeFree, extra: [] },
    // Three cheap metrics: the same per-row work of evaluate() (reading, checking, hashing, writing) at a
    // tenth of the time, so a million rows fit in a bench run.
    { name: "judge-free-light", sizes: lightRowCounts, metrics: lightMetrics, extra: [] },
    {
      name: "semantic_similarity",
      sizes: embeddingRowCounts,
      metrics: ["semantic_similarity"],
      extra: ["--embeddings", starterDir],
    },
  ];
  const runs: MemoryRun[] = [];
  const reports: MemoryReportRun[] = [];
  try {
    for (const s of series) {
      for (const rows of s.sizes) {
        const data = path.join(dir, `rows-${rows}.jsonl`);
        const out = path.join(dir, `results-${s.name}-${rows}.jsonl`);
        const stats = path.join(dir, "stats.json");
        await writeRows(data, rows);
        note(`memory: ${s.name}, ${rows} rows (${s.metrics.length} metrics)`);
        const { exitCode, seconds } = await runEval(
          [
            "eval",
            data,
            "--metrics",
            s.metrics.join(","),
            "--out",
            out,
            "--overwrite",
            "--quiet",
            "--no-cache",
            ...s.extra,
          ],
          stats,
        );
        const measured = JSON.parse(readFileSync(stats, "utf8")) as { peakRssMb: number; cpuSeconds: number };
        runs.push({
          series: s.name,
          rows,
          metrics: s.metrics.length,
          ...measured,
          seconds,
          rowsPerSecond: rows / seconds,
          datasetMb: statSync(data).size / 1e6,
          resultsMb: statSync(out).size / 1e6,
          exitCode,
        });
        if (withReports && s.name === "judge-free-light" && exitCode === 0) {
          reports.push(...(await measureReports(out, rows, s.metrics.length, dir)));
        }
        rmSync(out, { force: true });
        rmSync(data, { force: true });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const ratios: Record<string, number> = {};
  for (const s of series) {
    const peaks = runs.filter((r) => r.series === s.name).map((r) => r.peakRssMb);
    if (peaks.length > 0) ratios[s.name] = Math.max(...peaks) / Math.min(...peaks);
  }
  for (const [format] of reportFormats) {
    const peaks = reports.filter((r) => r.format === format).map((r) => r.peakRssMb);
    if (peaks.length > 0) ratios[`report ${format}`] = Math.max(...peaks) / Math.min(...peaks);
  }
  return { section: "memory", runs, reports, ratios, loadAverage: os.loadavg()[0]! };
}

/** The section's Markdown. */
export function formatMemory(results: readonly MemoryResult[]): string {
  return results
    .map((r) =>
      [
        markdownTable(
          ["series", "rows", "metrics", "peak RSS MB", "CPU s", "wall s", "rows/s", "results MB", "exit"],
          r.runs.map((run) => [
            run.series,
            String(run.rows),
            String(run.metrics),
            num(run.peakRssMb, 0),
            num(run.cpuSeconds, 1),
            num(run.seconds, 1),
            num(run.rowsPerSecond, 0),
            num(run.resultsMb, 0),
            String(run.exitCode),
          ]),
        ),
        ...(r.reports?.length
          ? [
              "",
              "Reports of the light series' results files (`airgap-eval report <results> --<format> <file>`):",
              "",
              markdownTable(
                [
                  "format",
                  "rows",
                  "records",
                  "peak RSS MB",
                  "CPU s",
                  "wall s",
                  "results MB",
                  "report MB",
                  "exit",
                ],
                r.reports.map((run) => [
                  run.format,
                  String(run.rows),
                  String(run.records),
                  num(run.peakRssMb, 0),
                  num(run.cpuSeconds, 1),
                  num(run.seconds, 1),
                  num(run.resultsMb, 0),
                  num(run.reportMb, 0),
                  String(run.exitCode),
                ]),
              ),
            ]
          : []),
        "",
        `Peak RSS, largest over smallest: ${Object.entries(r.ratios)
          .map(([name, ratio]) => `${name} ${num(ratio, 2)}×`)
          .join(", ")} (load average ${num(r.loadAverage, 1)}).`,
      ].join("\n"),
    )
    .join("\n\n");
}

/** Child mode: runs the CLI with the arguments after `--` and writes peak RSS and CPU at exit. */
async function child(statsFile: string): Promise<void> {
  process.on("exit", () => {
    const usage = process.resourceUsage();
    writeFileSync(
      statsFile,
      JSON.stringify({
        peakRssMb: Math.round((usage.maxRSS / 1024) * 10) / 10,
        cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
      }),
    );
  });
  const args = process.argv.slice(process.argv.indexOf("--") + 1);
  process.argv = [process.argv[0]!, path.join(repoRoot, "src", "cli", "main.ts"), ...args];
  await import("../src/cli/main.js");
}

if (isMain(import.meta.url)) {
  const statsFile = flag("child");
  if (statsFile !== undefined) await child(statsFile);
  else {
    const rows = (listFlag("rows") ?? ["10000", "100000", "1000000"]).map(Number);
    const lightRows = (listFlag("light-rows") ?? ["10000", "100000", "1000000"]).map(Number);
    const embeddingRows = (listFlag("embedding-rows") ?? ["10000", "50000"]).map(Number);
    finishSection(await runMemory(rows, lightRows, embeddingRows, !hasFlag("no-reports")), (r) =>
      formatMemory([r]),
    );
  }
}
