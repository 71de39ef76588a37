import os from "node:os";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import { configHash, rowHash } from "../evaluate/hash.js";
import { loadResults } from "../evaluate/load-results.js";
import { ResultsLock } from "../evaluate/results-lock.js";
import { ResultsWriter } from "../evaluate/results-writer.js";
import type { RunMetadata } from "../evaluate/types.js";
import { formatSummary } from "../report/summary.js";
import { writeReport } from "../report/write.js";
import { EVAL_META_KEY, type EvalAssertionRecord } from "../testing/record.js";
import { version } from "../version.js";

/** Options of {@link AirgapEvalReporter}. */
export interface AirgapEvalReporterOptions {
  /** Results JSONL file (the format `airgap-eval report` reads). Defaults to `airgap-eval-results.jsonl`. */
  out?: string;
  /** Report files; the extension picks the format (.html .md .csv .json). Defaults to `["airgap-eval-report.html"]`. */
  reports?: string[];
  /** Print the aggregate table at the end of the run. Defaults to true. */
  summary?: boolean;
}

/**
 * A vitest reporter that gathers every score the airgap-eval matchers and `describeEval` recorded,
 * writes them as a results file and reports (the same code as `airgap-eval eval --report`), and
 * prints the aggregate table. Use it beside vitest's own reporter.
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
    const tests = [...new Set(records.map((r) => r.test))];
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
        totalRows: tests.length,
      });
      writer.writeRecords(
        records.map((r) => ({
          row: tests.indexOf(r.test),
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
        formatSummary(data),
        `Results: ${this.options.out}`,
        ...this.options.reports.map((r) => `Report:  ${r}`),
        "",
      ];
      process.stdout.write(`${lines.join("\n")}\n`);
    }
  }
}

export default AirgapEvalReporter;
