import path from "node:path";
import { type Command, Option } from "commander";
import { InvalidInputError } from "../errors.js";
import { type MergeOutcome, mergeShardResults, writeMergedResults } from "../evaluate/merge.js";
import { formatSummary } from "../report/summary.js";
import { writeReport } from "../report/write.js";
import { assertResultsFileFree } from "../results/lock.js";
import { cliCommand } from "../util/cli-command.js";
import { assertOutputsAreNotInputs } from "../util/real-path.js";
import { parseColumnMap } from "./column-map.js";
import { ExitCode, type ExitCodeValue } from "./exit-codes.js";
import { checkFailUnder, type FailUnderBar, parseFailUnder } from "./fail-under.js";
import { collect } from "./option-parsers.js";

interface MergeFlags {
  out: string;
  dataset?: string;
  column?: string[];
  report?: string[];
  failUnder?: FailUnderBar[];
  overwrite?: boolean;
  json?: boolean;
}

/** What `merge --json` prints. */
export interface MergeJsonOutput {
  /** Absolute path of the merged results file. */
  resultsFile: string;
  /** Per metric: mean, count, errors, skipped, nulls, std, min, max over the merged run. */
  aggregates: MergeOutcome["data"]["aggregates"];
  /** Row × metric records in the merged file. */
  records: number;
  /** Rows lacking a record for some metric. */
  missing: MergeOutcome["missing"];
  /** Row × metric pairs found in more than one shard file. */
  duplicates: MergeOutcome["duplicates"];
  /** Torn shard files, absent shard indexes. */
  notes: string[];
  /** Messages of the `--fail-under` bars not met. */
  failUnder: string[];
  /** The exit code the command ends with. */
  exitCode: ExitCodeValue;
}

const listed = 10;

function rowList(rows: readonly { row: number; line?: number }[]): string {
  const shown = rows
    .slice(0, listed)
    .map((r) => (r.line !== undefined ? `${r.row} (line ${r.line})` : String(r.row)));
  return `${shown.join(", ")}${rows.length > listed ? `, ... (${rows.length - listed} more)` : ""}`;
}

/** Exit code of a merge: a bar not met beats an incomplete or failing run, which beats ok. */
export function mergeExitCode(outcome: MergeOutcome, failUnder: readonly string[]): ExitCodeValue {
  if (failUnder.length > 0) return ExitCode.belowThreshold;
  const errors = outcome.data.records.some((r) => r.result.status === "error");
  if (outcome.missing.length > 0 || errors || outcome.data.invalidRows.length > 0) return ExitCode.rowsFailed;
  return ExitCode.ok;
}

async function runMerge(files: string[], flags: MergeFlags): Promise<void> {
  const out = path.resolve(flags.out);
  // Before anything is written: no output may be a shard file or the dataset, under any name.
  assertOutputsAreNotInputs(
    [
      { path: flags.out, flag: "--out" },
      ...(flags.report ?? []).map((file) => ({ path: file, flag: "--report" })),
    ],
    [
      ...files.map((file) => ({ path: file, what: "the shard file" })),
      flags.dataset !== undefined ? { path: flags.dataset, what: "the dataset" } : undefined,
    ],
  );
  // A run writing --out is named now, before the shards are read (writeMergedResults takes the lock).
  assertResultsFileFree(out);
  const bars = flags.failUnder ?? [];
  const outcome = mergeShardResults(files, {
    ...(flags.dataset !== undefined
      ? { dataset: flags.dataset, load: { columnMap: parseColumnMap(flags.column ?? []) } }
      : {}),
  });
  const metrics = outcome.data.aggregates.map((a) => a.metric);
  for (const bar of bars) {
    if (!metrics.includes(bar.metric)) {
      throw new InvalidInputError(
        `--fail-under names ${bar.metric}, which the shards did not evaluate (${metrics.join(", ")})`,
      );
    }
  }
  writeMergedResults(out, outcome, { overwrite: flags.overwrite === true });
  const reports = (flags.report ?? []).map((file) => path.resolve(file));
  const data = { ...outcome.data, metadata: { ...outcome.data.metadata, resultsFile: out } };
  for (const file of reports) await writeReport(file, data);

  const failUnder = checkFailUnder(outcome.data.aggregates, bars);
  const exitCode = mergeExitCode(outcome, failUnder);
  const messages: string[] = [...outcome.notes];
  if (outcome.missing.length > 0) {
    messages.push(
      `${outcome.missing.length} row(s) missing from every shard file: ${rowList(outcome.missing)}; re-run their shard with --resume, then merge again`,
    );
  }
  if (outcome.duplicates.length > 0) {
    const differing = outcome.duplicates.filter((d) => !d.sameResult).length;
    const first = outcome.duplicates[0]!;
    messages.push(
      `${outcome.duplicates.length} row × metric pair(s) found in more than one file (e.g. row ${first.row} ${first.metric} in ${first.files.join(" and ")}); the first file's record was kept${differing > 0 ? `, and ${differing} of them differ between files` : ""}`,
    );
  }
  if (flags.json) {
    const output: MergeJsonOutput = {
      resultsFile: out,
      aggregates: outcome.data.aggregates,
      records: outcome.data.records.length,
      missing: outcome.missing,
      duplicates: outcome.duplicates,
      notes: outcome.notes,
      failUnder,
      exitCode,
    };
    process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
  } else {
    process.stdout.write(formatSummary(data));
    process.stdout.write(`\nMerged:  ${files.length} file(s) -> ${out}\n`);
    for (const file of reports) process.stdout.write(`Report:  ${file}\n`);
  }
  for (const line of [...messages, ...failUnder]) process.stderr.write(`airgap-eval: ${line}\n`);
  process.exitCode = exitCode;
}

/**
 * Adds `merge <results...>` to the `airgap-eval` program.
 *
 * @example
 * registerMergeCommand(new Command("airgap-eval"));
 */
export function registerMergeCommand(program: Command): Command {
  const run = cliCommand();
  return program
    .command("merge")
    .description(
      "Merge the results files of a sharded run (eval --shard i/N) into one results file; check they were made alike.",
    )
    .argument("<results...>", "shard results JSONL files")
    .requiredOption("-o, --out <file>", "merged results JSONL file")
    .option(
      "--dataset <file>",
      "the dataset the shards evaluated: check each row's inputs and name missing rows by line",
    )
    .option(
      "--column <name=field>",
      "with --dataset: read column <name> as <field>, as given to eval (repeatable)",
      collect(String),
    )
    .option(
      "-r, --report <file>",
      "also write a report of the merged run: .html .md .csv .json (repeatable)",
      collect(String),
    )
    .addOption(
      new Option(
        "--fail-under <metric=value>",
        "exit 3 when a metric's merged mean is below value (repeatable)",
      ).argParser(collect(parseFailUnder)),
    )
    .option("--overwrite", "replace an existing --out file")
    .option("--json", "print aggregates, missing and duplicate rows as JSON")
    .addHelpText(
      "after",
      `
Every shard must come from the same configuration (airgap-eval version, models' sha256, prompt
versions, metric options, dataset size and contents, shard count); a difference names the file and exits 2.
Rows found in no file are listed (a killed shard: re-run it with --resume); rows found in two files
are kept once. A file cut off mid-line contributes its complete lines.

Examples:
  $ ${run} merge results/shard-*.jsonl --out all.jsonl --dataset data.jsonl
  $ ${run} merge results/shard-*.jsonl --out all.jsonl --fail-under faithfulness=0.8
  $ ${run} report all.jsonl --html report.html

Exit codes: 0 ok; 1 rows missing, failed or invalid; 2 bad usage, or shards made differently;
3 below a --fail-under bar.`,
    )
    .action(async (files: string[], flags: MergeFlags) => runMerge(files, flags));
}
