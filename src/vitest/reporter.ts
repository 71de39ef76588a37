import os from "node:os";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import { writeReport } from "../report/write.js";
import { configHash, rowHash } from "../results/hash.js";
import { loadResults } from "../results/load.js";
import { ResultsLock } from "../results/lock.js";
import type { RunMetadata } from "../results/types.js";
import { ResultsWriter } from "../results/writer.js";
import { EVAL_META_KEY, type EvalAssertionRecord } from "../testing/record.js";
import { version } from "../version.js";
import { type ReporterRows, reporterSummary } from "./reporter-summary.js";

/** Options of {@link AirgapEvalReporter}. */
export interface AirgapEvalReporterOptions {
  /** Results JSONL file (the format `airgap-eval report` reads). Defaults to `airgap-eval-results.jsonl`. */
  out?: string;
  /** Report files; the extension picks the format (.html .md .csv .json). Defaults to `["airgap-eval-report.html"]`. */
  reports?: string[];
  /** Print the aggregate tables (data set rows and matcher assertions apart) at the end of the run. Defaults to true. */
  summary?: boolean;
}

/**
 * A vitest reporter that gathers every score the airgap-eval matchers and `describeEval` recorded,
 * writes them as a results file and reports (the same code as `airgap-eval eval --report`), and
 * prints the aggregate tables. In the results file each `describeEval` row test is one row (all its metrics) and
 * each matcher assertion is a row of its own; the summary counts and tables the two apart. Use it beside vitest's
 * own reporter.
 *
 * @example
 * // vitest.config.ts
 * export default defineConfig({
 *   test: { reporters: ["default", new AirgapEvalReporter({ out: "out/evals.jsonl", reports: ["out/evals.html"] })] },
 * });
 */
export class AirgapEvalReporter implements Reporter {
  private readonly startedAt = new Date().toISOString();
  private readonly options: Required<AirgapEvalReporterOptions>;

  constructor(options: AirgapEvalReporterOptions = {}) {
    this.options = {
      out: options.out ?? "airgap-eval-results.jsonl",
      reports: options.reports ?? ["airgap-eval-report.html"],
      summary: options.summary ?? true,
    };
  }

  async onTestRunEnd(testModules: ReadonlyArray<TestModule>): Promise<void> {
    const records: EvalAssertionRecord[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const meta = test.meta() as Record<string, unknown>;
        const list = meta[EVAL_META_KEY] as EvalAssertionRecord[] | undefined;
        if (list) records.push(...list.map((r) => ({ ...r, test: test.fullName })));
      }
    }
    if (records.length === 0) return;
    const metrics: RunMetadata["metrics"] = {};
    for (const r of records) metrics[r.metric] ??= { ...r.config, configHash: configHash(r.config) };
    const { rowOf, rows, total } = placeRecords(records);
    // Like every writer of a results file, hold its lock: a run writing the same file is named, not corrupted.
    const lock = ResultsLock.acquire(path.resolve(this.options.out));
    const writer = ResultsWriter.create(path.resolve(this.options.out));
    try {
      writer.writeHeader({
        version,
        startedAt: this.startedAt,
        dataset: "vitest",
        metrics,
        runtime: {
          node: process.versions.node,
          platform: process.platform,
          arch: process.arch,
          os: os.release(),
          airgapEval: version,
        },
        options: { source: "vitest" },
        totalRows: total,
      });
      writer.writeRecords(
        records.map((r, i) => ({
          row: rowOf[i]!,
          rowHash: rowHash(r.sample),
          metric: r.metric,
          configHash: metrics[r.metric]!.configHash,
          result: r.result,
          sample: r.sample,
          finishedAt: r.finishedAt,
          durationMs: r.durationMs,
        })),
      );
      writer.write({ type: "end", finishedAt: new Date().toISOString(), interrupted: false });
    } finally {
      writer.close();
      lock.release();
    }
    const data = loadResults(path.resolve(this.options.out));
    for (const report of this.options.reports)
      await writeReport(path.resolve(report), data, { title: "airgap-eval: vitest evaluations" });
    if (this.options.summary) {
      const lines = [
        "",
        "airgap-eval evaluations",
        reporterSummary(data, rows),
        `Results: ${this.options.out}`,
        ...this.options.reports.map((r) => `Report:  ${r}`),
        "",
      ];
      process.stdout.write(`${lines.join("\n")}\n`);
    }
  }
}

/**
 * The results-file row of each record: one per `describeEval` row test (its metrics share it), one per matcher
 * assertion (two assertions of one test are two rows, so neither hides the other).
 */
function placeRecords(records: readonly EvalAssertionRecord[]): {
  rowOf: number[];
  rows: ReporterRows;
  total: number;
} {
  const rowTests = new Map<string, number>();
  const dataset = new Set<number>();
  const matchers = new Set<number>();
  const matcherTests = new Set<string>();
  let total = 0;
  const rowOf = records.map((r) => {
    if (r.source === "row") {
      let row = rowTests.get(r.test);
      if (row === undefined) {
        row = total++;
        rowTests.set(r.test, row);
        dataset.add(row);
      }
      return row;
    }
    matcherTests.add(r.test);
    matchers.add(total);
    return total++;
  });
  return { rowOf, rows: { dataset, matchers, matcherTests: matcherTests.size }, total };
}

export default AirgapEvalReporter;
