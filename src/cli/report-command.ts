import { basename, dirname } from "node:path";
import { type Command, Option } from "commander";
import { InvalidInputError } from "../errors.js";
import { type CompareKey, compareRuns } from "../report/compare.js";
import { positionPairingWarning } from "../report/compare-pairing.js";
import { writeReportFromIndex } from "../report/from-results-file.js";
import { comparisonMarkdown } from "../report/judged-compare.js";
import { ResultsFileIndex } from "../report/results-file-index.js";
import { formatSummary } from "../report/summary.js";
import { type ReportFormat, writeComparison } from "../report/write.js";
import { loadResults } from "../results/load.js";
import { cliCommand } from "../util/cli-command.js";
import { assertOutputsAreNotInputs } from "../util/real-path.js";
import { type CompareJudgeFlags, judgedComparison } from "./compare-judge.js";
import { ExitCode } from "./exit-codes.js";
import { checkDrops, type DropLimit, dropLimits, parseFailOnDrop } from "./fail-on-drop.js";
import {
  addIntervalFlags,
  type IntervalFlags,
  intervalOptions,
  namingResultsFile,
} from "./interval-flags.js";
import { collect } from "./option-parsers.js";
import { parseDetect, registerReportSizeCommand } from "./report-size-command.js";

interface ReportFlags extends IntervalFlags {
  html?: string;
  md?: string;
  csv?: string;
  json?: string;
}

interface CompareFlags extends IntervalFlags, CompareJudgeFlags {
  out?: string;
  key: keyof typeof compareKeys;
  failOnDrop?: DropLimit[];
  detect?: number;
}

/**
 * How `report compare` names two results files: by file name (`baseline.jsonl`), or, when both have the same
 * name, by as many parent folders as tell them apart (`nightly/results.jsonl`); each label is its name without
 * the `.jsonl` extension. Never an absolute path.
 *
 * @example
 * compareNames("/runs/a/results.jsonl", "/runs/b/results.jsonl"); // { labels: { a: "a/results", b: "b/results" }, files: { a: "a/results.jsonl", b: "b/results.jsonl" } }
 */
export function compareNames(
  a: string,
  b: string,
): { labels: { a: string; b: string }; files: { a: string; b: string } } {
  const tail = (file: string, parts: number): string => {
    const names: string[] = [];
    let rest = file;
    for (let i = 0; i < parts; i++) {
      const name = basename(rest);
      if (name === "" || name === "." || name === "..") break;
      names.unshift(name);
      const up = dirname(rest);
      if (up === rest) break;
      rest = up;
    }
    return names.join("/");
  };
  let parts = 1;
  while (parts < 8 && tail(a, parts) === tail(b, parts)) parts++;
  const files = { a: tail(a, parts), b: tail(b, parts) };
  const label = (file: string) => file.replace(/\.jsonl$/i, "");
  return { labels: { a: label(files.a), b: label(files.b) }, files };
}

/** `--key` values (file-format names) to `compareRuns`' `matchBy`. */
const compareKeys = {
  auto: "auto",
  user_input: "userInput",
  row: "row",
  row_hash: "rowHash",
} as const satisfies Record<string, "auto" | CompareKey>;

/**
 * Adds `report <results.jsonl>` and `report compare <a> <b>` to the `airgap-eval` program.
 *
 * @example
 * registerReportCommand(new Command("airgap-eval"));
 */
export function registerReportCommand(program: Command): Command {
  const run = cliCommand();
  const report = addIntervalFlags(
    program
      .command("report")
      // report's own flags stop at a subcommand's name, so `report compare ... --confidence 0.9` reaches compare
      // (both define --confidence, --cluster-by and --interval) instead of being taken by report.
      .enablePositionalOptions()
      .description("Turn a results JSONL file into reports (HTML, Markdown, CSV, JSON), or compare two runs.")
      .argument("<results>", "results JSONL file written by `airgap-eval eval`")
      .option("--html <file>", "self-contained HTML report (works offline)")
      .option("--md <file>", "Markdown report")
      .option("--csv <file>", "CSV of every row × metric (formula-injection safe)")
      .option("--json <file>", "JSON with metadata, records and aggregates"),
  )
    .addHelpText(
      "after",
      `
With no output flag, prints the summary table. Every mean carries its confidence interval (--confidence,
--cluster-by, --interval; bootstrap intervals are seeded, so a results file gives the same bytes every time).

Examples:
  $ ${run} report results.jsonl --html report.html --md report.md
  $ ${run} report compare baseline.jsonl candidate.jsonl --out diff.md`,
    )
    .action(async (file: string, flags: ReportFlags) => {
      assertOutputsAreNotInputs(
        (["html", "md", "csv", "json"] as const).map((f) =>
          flags[f] !== undefined ? { path: flags[f], flag: `--${f}` } : undefined,
        ),
        [{ path: file, what: "the results file" }],
      );
      // Indexed once for every output, which is then written row by row: no records are held.
      const index = namingResultsFile(file, () =>
        ResultsFileIndex.open(file, {
          onNotice: (m) => process.stderr.write(`airgap-eval: ${m}\n`),
          intervals: intervalOptions(flags),
        }),
      );
      const outputs = (
        [
          [flags.html, "html"],
          [flags.md, "markdown"],
          [flags.csv, "csv"],
          [flags.json, "json"],
        ] as const
      ).filter((o): o is readonly [string, ReportFormat] => o[0] !== undefined);
      for (const [out, format] of outputs) {
        await writeReportFromIndex(out, index, { format });
        process.stdout.write(`Report: ${out}\n`);
      }
      if (outputs.length === 0) process.stdout.write(formatSummary(index.summaryData()));
    });

  addIntervalFlags(report.command("compare"))
    .description("Compare two runs row by row: per-row and aggregate deltas (b minus a).")
    .argument("<a>", "baseline results JSONL")
    .argument("<b>", "candidate results JSONL")
    .option("--out <file>", "write the comparison as .md, .json or .html (default: print Markdown to stdout)")
    .addOption(
      new Option(
        "--key <key>",
        "pair rows by: user_input (the question), row (position) or row_hash (identical rows)",
      )
        .choices(["auto", "user_input", "row", "row_hash"])
        .default("auto"),
    )
    .option(
      "--detect <difference>",
      "also give per metric the paired rows needed to detect this difference (at --confidence, 80% power)",
      parseDetect,
    )
    .option(
      "--judge <gguf>",
      "also judge each paired row's two responses head to head with this GGUF judge (with --criteria)",
    )
    .option("--criteria <text>", "with --judge: what makes one response better, in words")
    .option(
      "--fail-on-drop <metric=delta>",
      "exit 3 when the metric's mean over paired rows fell by more than delta (b minus a < -delta); '*=delta' for every metric of a; metric=delta:significant fails only when the drop is also significant at --confidence; repeatable",
      collect(parseFailOnDrop),
    )
    .addHelpText(
      "after",
      `
Rows are paired by question (user_input) when every row of both runs has a distinct one, else by position;
changed responses still pair. --key row_hash pairs only identical rows. Deltas are b minus a.
--fail-on-drop compares each metric's paired mean delta: over rows in both runs that the metric scored in
both; rows in one run only and rows without a score are left out (and named). A named metric overrides '*'.
Exit codes: 0 ok; 2 bad usage or input; 3 a --fail-on-drop limit was passed.

Examples:
  $ ${run} report compare baseline.jsonl candidate.jsonl
  $ ${run} report compare baseline.jsonl candidate.jsonl --out diff.json
  $ ${run} report compare baseline.jsonl candidate.jsonl --out diff.html --fail-on-drop '*=0.02' --fail-on-drop faithfulness=0`,
    )
    .action(async (a: string, b: string, flags: CompareFlags) => {
      if (a === b) throw new InvalidInputError("compare needs two different results files");
      assertOutputsAreNotInputs(
        [flags.out !== undefined ? { path: flags.out, flag: "--out" } : undefined],
        [
          { path: a, what: "the baseline results file" },
          { path: b, what: "the candidate results file" },
        ],
      );
      const notice = (m: string) => process.stderr.write(`airgap-eval: ${m}\n`);
      const intervals = intervalOptions(flags);
      const runA = namingResultsFile(a, () => loadResults(a, { onNotice: notice, intervals }));
      const runB = namingResultsFile(b, () => loadResults(b, { onNotice: notice, intervals }));
      const { labels, files } = compareNames(a, b);
      // The paired rows' clusters are read from the baseline's rows.
      const comparison = namingResultsFile(a, () =>
        compareRuns(runA, runB, {
          matchBy: compareKeys[flags.key],
          labelA: labels.a,
          labelB: labels.b,
          files,
          intervals,
          ...(flags.detect !== undefined ? { detect: flags.detect } : {}),
        }),
      );
      const judged = await judgedComparison(comparison, flags);
      if (judged !== undefined) comparison.judged = judged;
      const limits = flags.failOnDrop ?? [];
      // A limit naming a metric the baseline lacks is bad usage, told before anything is written.
      dropLimits(comparison, limits);
      const unrelated = positionPairingWarning(comparison, runA, runB, [a, b]);
      if (unrelated !== undefined) notice(`warning: ${unrelated}`);
      if (flags.out) {
        await writeComparison(flags.out, comparison);
        process.stdout.write(`Comparison: ${flags.out}\n`);
      } else {
        process.stdout.write(comparisonMarkdown(comparison));
      }
      if (limits.length > 0) {
        const { lines, failures } = checkDrops(comparison, limits);
        for (const line of lines) notice(line);
        if (failures.length > 0) process.exitCode = ExitCode.belowThreshold;
      }
    });
  registerReportSizeCommand(report);
  return report;
}
