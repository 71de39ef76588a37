import { type Command, Option } from "commander";
import { InvalidInputError } from "../errors.js";
import { definableMetrics, type MetricDefinition } from "../metric-file/definition.js";
import { cliCommand } from "../util/cli-command.js";
import { COLUMN_FLAG_HELP, parseCandidateColumns } from "./column-map.js";
import { defaultMetricsFor, withoutMissingModels } from "./default-metrics.js";
import { readEvalDataset } from "./eval-dataset.js";
import { type EvalFlags, normalizeFlags, type RawEvalFlags } from "./eval-flags.js";
import { juryLoadingOption, juryOption } from "./eval-jury.js";
import { type LocatedModels, locateEvalModels } from "./eval-models.js";
import { finishEval } from "./eval-output.js";
import { evaluateWithModels } from "./eval-run.js";
import { selectEvalMetrics } from "./eval-selection.js";
import { locateVerifiers } from "./eval-verifiers.js";
import { resolveDatasetArgument, shownExampleMetricFile } from "./example-dataset.js";
import { parseFailUnder, parseMaxUnscored } from "./fail-under.js";
import { InterruptHandler } from "./interrupt.js";
import { addIntervalFlags, checkClusterColumn } from "./interval-flags.js";
import { longTextOption } from "./long-text-notice.js";
import { type MetricId, metricIds, modelNeeds, needsLocalModel } from "./metric-factory.js";
import { checkMetricFileColumns } from "./metric-file.js";
import { metricOptionsById, parseMetricOption } from "./metric-options.js";
import {
  CONTEXT_SIZE_FLAG_HELP,
  CPU_BUILD_FLAG_HELP,
  collect,
  cpuBuildFlag,
  GPU_FLAG_HELP,
  gpuFlag,
  positiveInt,
} from "./option-parsers.js";
import { preflight } from "./preflight.js";
import { decideOut } from "./rerun.js";
import { checkRunLimits } from "./run-limits.js";
import { addShardOptions } from "./shard-options.js";
import { unreadColumnsNote } from "./unread-columns.js";

/** The judge, embedder and verifiers the metrics need, found on disk (not loaded), or why a default one is absent. */
async function locateRunModels(
  flags: EvalFlags,
  ids: readonly MetricId[],
  custom: readonly MetricDefinition[],
  metricOptions: ReadonlyMap<string, Record<string, unknown>>,
): Promise<LocatedModels> {
  const located = await locateEvalModels(flags, modelNeeds([...ids, ...custom.map((c) => c.kind)]));
  const verifiers = await locateVerifiers(ids, metricOptions);
  return { ...located, ...verifiers, notes: [...located.notes, ...verifiers.notes] };
}

/** The default set without the metrics whose default model is absent, printing the one note that names them. */
function leaveOutAbsentModels(
  ids: readonly MetricId[],
  located: LocatedModels,
  named: readonly MetricId[],
  metricOptions: ReadonlyMap<string, Record<string, unknown>>,
): MetricId[] {
  const kept = withoutMissingModels(ids, located, named, metricOptions);
  if (kept.summary !== undefined) process.stderr.write(`airgap-eval: ${kept.summary}\n`);
  if (kept.run.length === 0) throw new InvalidInputError(`no default metric can run: ${kept.summary}`);
  return kept.run;
}

/**
 * `eval`: checks the flags, reads the dataset once to check it (everything that can be checked
 * without a model is checked first, so bad input fails before any model loads), loads the models,
 * evaluates, and writes the reports and the summary.
 */
async function runEval(datasetPath: string, raw: RawEvalFlags, outIsDefault: boolean): Promise<void> {
  const given = normalizeFlags(raw);
  const selection = selectEvalMetrics(given);
  const { requested, custom, customIds, named } = selection;
  if (given.resume && given.overwrite)
    throw new InvalidInputError("--resume and --overwrite contradict each other; pick one");
  const metricOptions = metricOptionsById(given.metricOption, { requested, customIds });

  const { scan, dataset } = await readEvalDataset(datasetPath, given, outIsDefault);
  const candidates = requested ?? defaultMetricsFor(scan, named, scan.file);
  const unread =
    requested === undefined
      ? unreadColumnsNote(scan.extraColumns, [
          ...(given.rowKey !== undefined ? [given.rowKey] : []),
          ...(given.clusterBy !== undefined ? [given.clusterBy] : []),
        ])
      : undefined;
  if (unread !== undefined) process.stderr.write(`airgap-eval: ${unread}\n`);
  // The models are found (not loaded) first: a default run leaves out the metrics whose default model is absent,
  // and the --out check below compares the metrics the run will really score.
  const located = await locateRunModels(given, candidates, custom, metricOptions);
  const ids = requested ?? leaveOutAbsentModels(candidates, located, named, metricOptions);
  const out = decideOut({
    ...given,
    dataset: scan.file,
    metrics: [...ids, ...customIds],
    defaultSet: requested === undefined,
    needingModels: ids.filter((id) => needsLocalModel(id)),
  });
  const flags = { ...given, resume: out.resume };
  if (out.note !== undefined && !flags.quiet) process.stderr.write(`${out.note}\n`);
  preflight({
    dataset: scan,
    metrics: ids,
    out: flags.out,
    strict: flags.strict,
    reports: flags.report,
  });
  checkMetricFileColumns(scan, custom);
  checkClusterColumn(scan, flags.clusterBy);

  const needs = modelNeeds([...ids, ...custom.map((c) => c.kind)]);
  if (flags.llm !== undefined && !needs.llm) {
    process.stderr.write(`airgap-eval: note: --llm is not used: none of ${ids.join(", ")} needs a judge\n`);
  }
  if (flags.contextSize !== undefined && !needs.llm) {
    process.stderr.write(
      `airgap-eval: note: --context-size is not used: none of ${ids.join(", ")} needs a judge\n`,
    );
  }
  if (flags.embeddings !== undefined && !needs.embeddings) {
    process.stderr.write(
      `airgap-eval: note: --embeddings is not used: none of ${ids.join(", ")} needs embeddings\n`,
    );
  }

  const limits = { threads: flags.threads, concurrency: flags.concurrency, usesJudge: needs.llm };
  for (const warning of checkRunLimits(limits)) process.stderr.write(`${warning}\n`);

  const interrupt = new InterruptHandler();
  try {
    const run = await evaluateWithModels(
      dataset,
      flags,
      { ...selection, ids, needs, metricOptions, located },
      interrupt.signal,
    );
    process.exitCode = await finishEval(run, flags);
  } finally {
    interrupt.dispose();
  }
}

/**
 * Adds `eval <dataset>` to the `airgap-eval` program.
 *
 * @example
 * registerEvalCommand(new Command("airgap-eval"));
 */
export function registerEvalCommand(program: Command): Command {
  const run = cliCommand();
  const command = program
    .command("eval")
    .description(
      "Evaluate a dataset (JSONL, JSON array or CSV) with local models; never touches the network.",
    )
    .argument("[dataset]", "dataset file: .jsonl, .json or .csv with Ragas or Haystack column names")
    .option(
      "--example",
      "evaluate the 20-row example dataset shipped in the package (examples/rag-eval.jsonl)",
    )
    .option(
      "-m, --metrics <ids>",
      `comma-separated metric ids: ${metricIds.join(", ")} (default: every metric whose columns the dataset has, ` +
        "leaving out, in one note, those whose default model is not on this machine)",
    )
    .option(
      "--llm <id|path>",
      "judge model: registry id or .gguf file (default: the registry's default judge; when that one is not pulled, judge metrics are skipped); repeat it with --jury for a jury of judges",
      collect(String),
    )
    .addOption(juryOption())
    .addOption(juryLoadingOption())
    .option(
      "--embeddings <id|path>",
      "embedding model: registry id or ONNX model directory (default: the registry's default embedder)",
    )
    .addOption(longTextOption())
    .option(
      "--models-dir <dir>",
      "where pulled models live (default: $AIRGAP_EVAL_MODELS, else <user cache dir>/airgap-eval/models)",
    )
    .option(
      "-o, --out <file>",
      "results JSONL file, one line per finished row × metric",
      "airgap-eval-results.jsonl",
    )
    .option(
      "-r, --report <file>",
      "also write a report; the extension picks the format: .html .md .csv .json (repeatable)",
      collect(String),
    )
    .option(
      "--concurrency <n>",
      "rows evaluated at once, also the judge's parallel sequences (default: 1 with a judge metric, else 8)",
      positiveInt("--concurrency"),
    )
    .option(
      "--threads <n>",
      "judge CPU threads (default: 1 for judges under 400M parameters, else every math core; measured in docs/performance.md)",
      positiveInt("--threads"),
    )
    .option("--gpu <backend>", GPU_FLAG_HELP, gpuFlag)
    .option("--cpu-build <build>", CPU_BUILD_FLAG_HELP, cpuBuildFlag)
    .option("--context-size <tokens>", CONTEXT_SIZE_FLAG_HELP, positiveInt("--context-size"))
    .option(
      "--resume",
      "continue the --out file: skip the row × metric pairs it already holds (the same command run again continues it without this flag)",
    )
    .option("--overwrite", "replace an existing --out file and start over")
    .option(
      "--strict",
      "any invalid row, or a row lacking a column a metric needs, is fatal before work starts",
    )
    .option("--no-cache", "do not read or write the result cache")
    .option(
      "--no-verify",
      "do not check a registry judge's sha256 at load (recorded in the results as verify: false)",
    )
    .option(
      "--cache-file <file>",
      "SQLite cache file (default: $AIRGAP_EVAL_CACHE, else $XDG_CACHE_HOME or ~/.cache, then airgap-eval/cache.sqlite)",
    )
    .option("-q, --quiet", "no progress output on stderr")
    .option("--json", "print the aggregates (and where results went) as JSON instead of the summary table")
    .addOption(
      new Option(
        "--fail-under <metric=value>",
        "exit 3 when a metric's mean is below value, or more of its rows than --max-unscored have no score (repeatable)",
      ).argParser(collect(parseFailUnder)),
    )
    .option(
      "--metric-file <file>",
      `custom judge metrics (${[...definableMetrics.keys()].join(", ")}) from a YAML or JSON file; without --metrics only these run (repeatable)`,
      collect(String),
    )
    .addOption(
      new Option(
        "--metric-option <metric.option=value>",
        "an option of a built-in metric, e.g. faithfulness.prefill=true or faithfulness.reasons=false; the value is JSON or text (repeatable)",
      ).argParser(collect(parseMetricOption)),
    )
    .option(
      "--max-unscored <share>",
      "with --fail-under: the share of rows (0 to 1) a gated metric may leave unscored (error, skipped, no value)",
      parseMaxUnscored,
      0,
    )
    .option("--column <name=field>", COLUMN_FLAG_HELP, collect(String))
    .option(
      "--candidates <columns>",
      "comma-separated dataset columns gathered into each row's candidates, named by column, for arena_g_eval (e.g. response_a,response_b)",
      parseCandidateColumns,
    )
    .addHelpText(
      "after",
      `
Examples:
  $ ${run} eval --example --report report.html                     # the shipped 20-row example
  $ ${run} eval data.jsonl --metrics semantic_similarity --report report.html
  $ ${run} eval data.csv --metrics faithfulness,answer_relevancy --llm ./judge.gguf --threads 2
  $ ${run} eval data.jsonl --metrics faithfulness --llm a.gguf --llm b.gguf --llm c.gguf --jury majority   # a jury of judges
  $ ${run} eval data.jsonl --out run.jsonl --resume               # continue after Ctrl-C or a crash
  $ ${run} eval data.jsonl --fail-under faithfulness=0.8 --quiet   # CI gate: exit 3 below the bar
  $ ${run} eval data.jsonl --column question_text=user_input --column answer_text=response
  $ ${run} eval data.jsonl --metric-file ${shownExampleMetricFile()} --llm ./judge.gguf   # your own judges (the shipped example)

Invalid rows are reported on stderr (file, line, row, field) and left out; --strict stops instead.
Metrics named with --metrics whose default model has not been pulled are skipped, naming the
"models pull" command; without --metrics they are left out of the run with one note naming them.
Ctrl-C once: finish the rows in flight, write them, exit 130; Ctrl-C twice: quit at once.

Exit codes: 0 ok; 1 some rows failed (a metric errored on a row, or a row was invalid);
2 bad usage or input; 3 below a --fail-under bar; 130 interrupted (resume with --resume).`,
    )
    .action(async (dataset: string | undefined, flags: RawEvalFlags & { example?: boolean }, cmd: Command) =>
      runEval(
        resolveDatasetArgument(dataset, flags.example),
        flags,
        cmd.getOptionValueSource("out") === "default",
      ),
    );
  return addIntervalFlags(addShardOptions(command));
}
