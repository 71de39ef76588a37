import path from "node:path";
import type { Cache } from "../cache/cache.js";
import type { EvaluationResult } from "../evaluate/result.js";
import { writeReportFromIndex } from "../report/from-results-file.js";
import { ResultsFileIndex } from "../report/results-file-index.js";
import { formatSummary, rowsChangedNotice } from "../report/summary.js";
import type { EvalFlags } from "./eval-flags.js";
import { ExitCode, type ExitCodeValue } from "./exit-codes.js";
import { checkFailUnder, checkUnscored } from "./fail-under.js";
import { resumeCommand } from "./interrupt.js";
import { type LongTextCounts, longTextNotice } from "./long-text-notice.js";
import type { RowWarningCounts } from "./row-warnings-notice.js";

/** What `eval --json` prints: the aggregates plus where things went and how the run ended. */
export interface EvalJsonOutput {
  /** Per metric: mean, count, errors, skipped, nulls, std, min, max. */
  aggregates: ReturnType<EvaluationResult["aggregated"]>;
  /** Row × metric pairs with status "error". */
  errors: number;
  /** Dataset rows that failed validation and were not evaluated. */
  invalidRows: number;
  /** True when Ctrl-C stopped the run. */
  interrupted: boolean;
  /** Messages of the `--fail-under` bars not met. */
  failUnder: string[];
  /** The exit code the command ends with. */
  exitCode: ExitCodeValue;
  /** Absolute path of the results JSONL file. */
  resultsFile: string;
  /** Absolute paths of the reports written. */
  reports: string[];
  /** Cache counters of the run, or null with --no-cache. */
  cache: { file: string; hits: number; misses: number } | null;
}

/** How an `eval` run went, for {@link finishEval}. */
export interface EvalRun {
  result: EvaluationResult;
  /** The result cache of the run (closed by now), or undefined with `--no-cache`. */
  cache: Cache | undefined;
  /** The embedding model the run loaded, if any (its long-text setting names the notice). */
  embeddings: LongTextCounts | undefined;
  /** Long texts listed in the details of the records written this run. */
  longTexts: number;
  /** Rows of this run whose result lists `details.warnings`, per metric. */
  warnings: RowWarningCounts;
}

function exitCodeFor(result: EvaluationResult, failUnder: readonly string[]): ExitCodeValue {
  if (result.interrupted) return ExitCode.interrupted;
  if (failUnder.length > 0) return ExitCode.belowThreshold;
  if (result.errorCount > 0 || result.invalidRows.length > 0) return ExitCode.rowsFailed;
  return ExitCode.ok;
}

/**
 * Ends an `eval` run: writes the `--report` files from the results file, checks the `--fail-under`
 * bars, prints the summary (or `--json`) on stdout and the notes on stderr. Returns the exit code.
 */
export async function finishEval(
  { result, cache, embeddings, longTexts, warnings }: EvalRun,
  flags: EvalFlags,
): Promise<ExitCodeValue> {
  const bars = flags.failUnder;
  const reports = flags.report.map((file) => path.resolve(file));
  // Indexed once for all the reports, each then written row by row (docs/large-datasets.md).
  const index = reports.length > 0 ? ResultsFileIndex.open(flags.out) : undefined;
  for (const file of reports) await writeReportFromIndex(file, index!);

  const failUnder = result.interrupted
    ? []
    : [
        ...checkFailUnder(result.aggregated(), bars),
        ...checkUnscored(
          result.aggregated(),
          result.toJSON().unscored ?? result.records,
          bars,
          flags.maxUnscored,
        ),
      ];
  const exitCode = exitCodeFor(result, failUnder);
  const resultsFile = path.resolve(flags.out);
  const cacheStats = result.metadata.cache;
  if (flags.json) {
    const output: EvalJsonOutput = {
      aggregates: result.aggregated(),
      errors: result.errorCount,
      invalidRows: new Set(result.invalidRows.map((r) => r.row)).size,
      interrupted: result.interrupted,
      failUnder,
      exitCode,
      resultsFile,
      reports,
      cache: cache && cacheStats ? { file: cache.path, ...cacheStats } : null,
    };
    process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
  } else {
    process.stdout.write(formatSummary(result.toJSON()));
    process.stdout.write(`\nResults: ${resultsFile}\n`);
    for (const file of reports) process.stdout.write(`Report:  ${file}\n`);
    process.stdout.write(
      cache && cacheStats
        ? `Cache:   ${cacheStats.hits} hits, ${cacheStats.misses} misses (${cache.path})\n`
        : "Cache:   off (--no-cache)\n",
    );
  }

  const longText = longTextNotice(embeddings, longTexts);
  if (longText !== undefined) process.stderr.write(`${longText}\n`);
  const rowWarnings = warnings.notice();
  if (rowWarnings !== undefined) process.stderr.write(`${rowWarnings}\n`);
  const changed = result.metadata.rowsChanged ?? 0;
  if (changed > 0) {
    process.stderr.write(
      `airgap-eval: ${rowsChangedNotice(changed)} Their old records in ${flags.out} are marked superseded.\n`,
    );
  }
  const madeDifferently = result.metadata.resumedDifferences ?? [];
  if (madeDifferently.length > 0) {
    process.stderr.write(
      `airgap-eval: resumed ${flags.out}, whose earlier rows were made differently (docs/reproducibility.md says what can change a number): ` +
        `${madeDifferently.join("; ")}\n`,
    );
  }
  for (const line of failUnder) process.stderr.write(`airgap-eval: ${line}\n`);
  if (result.interrupted) {
    process.stderr.write(
      `airgap-eval: interrupted; finished rows are in ${flags.out}. Resume with: ${resumeCommand(process.argv.slice(2))}\n`,
    );
  }
  return exitCode;
}
