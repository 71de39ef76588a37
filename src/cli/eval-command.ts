import path from "node:path";
import { type Command, Option } from "commander";
import { Cache } from "../cache/cache.js";
import { defaultCachePath } from "../cache/default-path.js";
import { assertNoInvalidRows } from "../dataset/load.js";
import { ragasColumnName } from "../dataset/required.js";
import {
  canScoreAnyRow,
  type DatasetScan,
  type DatasetSource,
  openDataset,
  scanDataset,
  shardSource,
} from "../dataset/stream.js";
import type { ColumnTarget } from "../dataset/types.js";
import { CachedEmbeddings } from "../embeddings/cached-embeddings.js";
import type { LongText } from "../embeddings/long-text.js";
import type { Embeddings } from "../embeddings/types.js";
import { InvalidInputError } from "../errors.js";
import { evaluate } from "../evaluate/evaluate.js";
import { writeReportFromIndex } from "../evaluate/report-file.js";
import type { EvaluationResult } from "../evaluate/result.js";
import { ResultsFileIndex } from "../evaluate/results-report.js";
import { CachedLlm } from "../llm/cached-llm.js";
import type { CpuBuildOption } from "../llm/cpu-build.js";
import type { GpuOption } from "../llm/load-options.js";
import type { Llm } from "../llm/types.js";
import { canScoreAny, metricDescriptor } from "../metrics/catalog.js";
import type { Sample } from "../metrics/types.js";
import { VERIFIED_MEMO_NAME } from "../models/verified-files.js";
import { formatSummary, rowsChangedNotice } from "../report/summary.js";
import { disposeModels, type LoadedModels, loadEvalModels } from "./eval-models.js";
import { resolveDatasetArgument } from "./example-dataset.js";
import { ExitCode, type ExitCodeValue } from "./exit-codes.js";
import {
  checkBarInRange,
  checkFailUnder,
  checkUnscored,
  type FailUnderBar,
  parseFailUnder,
  parseMaxUnscored,
} from "./fail-under.js";
import { InterruptHandler, resumeCommand } from "./interrupt.js";
import { countLongTexts, longTextNotice, longTextOption } from "./long-text-notice.js";
import {
  createMetric,
  defaultMetricIds,
  type MetricId,
  type MetricModels,
  metricIds,
  metricRange,
  missingModelsReason,
  modelNeeds,
  needsModel,
  parseMetricIds,
} from "./metric-factory.js";
import { checkMetricFileColumns, createCustomMetrics, loadMetricFiles } from "./metric-file.js";
import { type MetricOptionFlag, metricOptionsById, parseMetricOption } from "./metric-options.js";
import {
  CPU_BUILD_FLAG_HELP,
  collect,
  cpuBuildFlag,
  GPU_FLAG_HELP,
  gpuFlag,
  positiveInt,
} from "./option-parsers.js";
import { invalidRowLines, preflight } from "./preflight.js";
import { checkRunLimits } from "./run-limits.js";
import { addShardOptions, type ShardFlags, shardTargets } from "./shard-options.js";

/** Flags as commander hands them over: repeatable and boolean flags are absent when not given. */
type RawEvalFlags = Partial<Omit<EvalFlags, "out" | "cache" | "maxUnscored">> &
  Pick<EvalFlags, "out" | "cache" | "maxUnscored">;

function normalizeFlags(raw: RawEvalFlags): EvalFlags {
  return {
    ...raw,
    report: raw.report ?? [],
    column: raw.column ?? [],
    metricFile: raw.metricFile ?? [],
    failUnder: raw.failUnder ?? [],
    metricOption: raw.metricOption ?? [],
    resume: raw.resume === true,
    overwrite: raw.overwrite === true,
    strict: raw.strict === true,
    quiet: raw.quiet === true,
    json: raw.json === true,
    verify: raw.verify !== false,
  };
}

interface EvalFlags extends ShardFlags {
  /** `--metrics`; absent means the default set (see {@link defaultMetricsFor}). */
  metrics?: string;
  llm?: string;
  embeddings?: string;
  longText?: LongText;
  modelsDir?: string;
  out: string;
  report: string[];
  concurrency?: number;
  threads?: number;
  gpu?: GpuOption;
  cpuBuild?: CpuBuildOption;
  resume: boolean;
  overwrite: boolean;
  strict: boolean;
  cache: boolean;
  cacheFile?: string;
  quiet: boolean;
  json: boolean;
  failUnder: FailUnderBar[];
  /** `--metric-option <metric>.<option>=<value>` (repeatable): options of built-in metrics. Defaults to none. */
  metricOption: MetricOptionFlag[];
  /** Share of rows a gated metric may leave unscored. */
  maxUnscored: number;
  column: string[];
  metricFile: string[];
  verify: boolean;
}

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

/** Fields a `--column` may map to: Ragas names first, then the camelCase ones. */
const columnTargets: readonly ColumnTarget[] = [
  "user_input",
  "response",
  "retrieved_contexts",
  "reference",
  "reference_contexts",
  "rubrics",
  "userInput",
  "retrievedContexts",
  "referenceContexts",
];

/** `--column name=field` pairs into a column map (dataset column name -> sample field or Ragas name). */
export function parseColumnMap(pairs: readonly string[]): Record<string, ColumnTarget> {
  const map: Record<string, ColumnTarget> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    const column = pair.slice(0, eq).trim();
    const target = pair.slice(eq + 1).trim();
    if (eq <= 0 || column === "" || target === "") {
      throw new InvalidInputError(
        `--column "${pair}" must look like <dataset column>=<field>, e.g. question_text=user_input`,
      );
    }
    if (!(columnTargets as readonly string[]).includes(target)) {
      throw new InvalidInputError(
        `--column "${pair}" maps to "${target}", which is not a sample field; use one of ${columnTargets.slice(0, 5).join(", ")}`,
      );
    }
    if (Object.hasOwn(map, column)) {
      throw new InvalidInputError(`--column maps "${column}" twice; give each dataset column once`);
    }
    map[column] = target as ColumnTarget;
  }
  return map;
}

function exitCodeFor(result: EvaluationResult, failUnder: readonly string[]): ExitCodeValue {
  if (result.interrupted) return ExitCode.interrupted;
  if (failUnder.length > 0) return ExitCode.belowThreshold;
  if (result.errorCount > 0 || result.invalidRows.length > 0) return ExitCode.rowsFailed;
  return ExitCode.ok;
}

/**
 * The default metric set for a dataset: every metric that is not opt-in and whose required columns some
 * row has, plus the metrics `--fail-under` names. None at all is bad input naming what each metric needs.
 */
export function defaultMetricsFor(
  samples: readonly Sample[] | DatasetScan,
  named: readonly MetricId[],
  file?: string,
): MetricId[] {
  const canScore = (id: MetricId): boolean =>
    Array.isArray(samples)
      ? canScoreAny(metricDescriptor(id), samples as readonly Sample[])
      : canScoreAnyRow(samples as DatasetScan, metricDescriptor(id).requiredFields);
  const ids = defaultMetricIds.filter((id) => named.includes(id) || canScore(id));
  for (const id of named) if (!ids.includes(id)) ids.push(id);
  if (ids.length === 0) {
    const needs = defaultMetricIds.map(
      (id) => `${id} needs ${metricDescriptor(id).requiredFields.map(ragasColumnName).join(", ")}`,
    );
    throw new InvalidInputError(
      `no metric can score any row: ${needs.join("; ")}. Add the columns or map yours with --column`,
      { file },
    );
  }
  return ids;
}

/**
 * Splits the default set into the metrics that can run with the loaded models and those left out
 * because a default model is not on this machine (named in one summary line). `keep` are metrics the
 * user named (e.g. in `--fail-under`): they stay and are reported as skipped.
 */
export function withoutMissingModels(
  ids: readonly MetricId[],
  models: MetricModels,
  keep: readonly MetricId[],
): { run: MetricId[]; summary?: string } {
  const left = ids.filter((id) => !keep.includes(id) && missingModelsReason(id, models) !== undefined);
  if (left.length === 0) return { run: [...ids] };
  const reasons = [...new Set(left.map((id) => missingModelsReason(id, models)!))];
  return {
    run: ids.filter((id) => !left.includes(id)),
    summary: `not running ${left.join(", ")} (ask for them with --metrics to list them as skipped): ${reasons.join("; ")}`,
  };
}

async function runEval(datasetPath: string, raw: RawEvalFlags, outIsDefault: boolean): Promise<void> {
  const flags = normalizeFlags(raw);
  // --metric-file (custom judges): with a metric file and no --metrics, only the file's metrics run.
  const requested =
    flags.metrics === undefined
      ? flags.metricFile.length > 0
        ? []
        : undefined
      : parseMetricIds(flags.metrics);
  const custom = loadMetricFiles(flags.metricFile, requested ?? []);
  const customIds = custom.map((c) => c.id);
  const bars = flags.failUnder;
  for (const bar of bars) {
    if (customIds.includes(bar.metric)) continue;
    if (requested === undefined) metricDescriptor(bar.metric);
    else if (!requested.includes(bar.metric)) {
      throw new InvalidInputError(
        `--fail-under names ${bar.metric}, which is not among --metrics or the --metric-file metrics (${[...requested, ...customIds].join(", ")})`,
      );
    }
    const range = metricRange(bar.metric);
    if (range !== undefined) checkBarInRange(bar, range);
  }
  if (flags.resume && flags.overwrite)
    throw new InvalidInputError("--resume and --overwrite contradict each other; pick one");
  const metricOptions = metricOptionsById(flags.metricOption, requested ?? metricIds);

  // Everything that can be checked without a model is checked first: bad input fails before any model
  // loads. The dataset is read row by row: this first pass keeps counts and column presence, not rows.
  const source = openDataset(datasetPath, { columnMap: parseColumnMap(flags.column) });
  const scan = await scanDataset(source);
  if (flags.strict) assertNoInvalidRows(scan);
  // --shard: this run's rows, and its own results and cache files (src/cli/shard-options.ts).
  const targets = shardTargets(flags, outIsDefault);
  flags.out = targets.out;
  flags.cacheFile = targets.cacheFile;
  let dataset: DatasetSource = source;
  if (targets.shard !== undefined) {
    const part = await shardSource(
      source,
      scan,
      targets.shard,
      flags.rowKey !== undefined ? { rowKey: flags.rowKey } : {},
    );
    dataset = part;
    process.stderr.write(
      `airgap-eval: shard ${targets.shard.index}/${targets.shard.count} (${targets.shard.source}): ${part.validRows} of ${scan.validRows} rows, results in ${flags.out}\n`,
    );
  }
  for (const line of invalidRowLines(scan)) process.stderr.write(`${line}\n`);
  // Metrics named by --fail-under or --metric-option run even without --metrics, where the dataset allows.
  const named = [
    ...new Set([...bars.map((b) => b.metric), ...flags.metricOption.map((o) => o.metric)]),
  ].filter((id) => !customIds.includes(id));
  let ids = requested ?? defaultMetricsFor(scan, named, scan.file);
  preflight({
    dataset: scan,
    metrics: ids,
    out: flags.out,
    resume: flags.resume,
    overwrite: flags.overwrite,
    strict: flags.strict,
    reports: flags.report,
  });
  checkMetricFileColumns(scan, custom);

  const needs = modelNeeds(ids);
  if (custom.length > 0) needs.llm = true;
  if (flags.llm !== undefined && !needs.llm) {
    process.stderr.write(`airgap-eval: note: --llm is not used: none of ${ids.join(", ")} needs a judge\n`);
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
    const models: Partial<LoadedModels> = {};
    let cache: Cache | undefined;
    let result: EvaluationResult;
    // Long texts listed in the details of the records written this run (the records are not kept).
    let longTexts = 0;
    try {
      const verifiedMemoFile = path.join(
        path.dirname(flags.cacheFile ?? defaultCachePath()),
        VERIFIED_MEMO_NAME,
      );
      const loaded = await loadEvalModels({ ...flags, verifiedMemoFile }, needs, models);
      if (requested === undefined) {
        const kept = withoutMissingModels(ids, loaded, named);
        if (kept.summary !== undefined) process.stderr.write(`airgap-eval: ${kept.summary}\n`);
        if (kept.run.length === 0) throw new InvalidInputError(`no default metric can run: ${kept.summary}`);
        ids = kept.run;
      }
      for (const note of loaded.notes) {
        const skipped = [
          ...ids.filter((id) => needsModel(id, note.kind)),
          ...(note.kind === "llm" ? customIds : []),
        ].join(", ");
        if (skipped !== "") process.stderr.write(`airgap-eval: skipping ${skipped}:\n${note.message}\n`);
      }
      cache = flags.cache ? Cache.open({ path: flags.cacheFile }) : undefined;
      const llm: Llm | undefined = loaded.llm && cache ? new CachedLlm(loaded.llm, cache) : loaded.llm;
      // Embeddings go straight to the encoder, not through BatchingEmbeddings: on CPU the padding of
      // merged batches costs more than the per-call overhead it saves.
      const embeddings: Embeddings | undefined =
        loaded.embeddings && cache ? new CachedEmbeddings(loaded.embeddings, cache) : loaded.embeddings;
      const metrics = [
        ...ids.map((id) => createMetric(id, { ...loaded, llm, embeddings }, metricOptions.get(id))),
        ...createCustomMetrics(custom, { ...loaded, llm, embeddings }),
      ];
      result = await evaluate(dataset, metrics, {
        onRecord: (record) => {
          longTexts += countLongTexts([record.result]);
        },
        out: flags.out,
        resume: flags.resume,
        overwrite: flags.overwrite,
        cache: cache ?? false,
        concurrency: flags.concurrency,
        progress: flags.quiet ? "none" : "auto",
        strict: flags.strict,
        signal: interrupt.signal,
        // Records go to --out only: memory stays flat however many rows (reports read the file).
        keepRecords: false,
        ...(flags.verify ? {} : { recordOptions: { verify: false } }),
      });
    } finally {
      await disposeModels(models);
      cache?.close();
    }

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

    const longText = longTextNotice(models.embeddings, longTexts);
    if (longText !== undefined) process.stderr.write(`${longText}\n`);
    const changed = result.metadata.rowsChanged ?? 0;
    if (changed > 0) {
      process.stderr.write(
        `airgap-eval: ${rowsChangedNotice(changed)} Their old records in ${flags.out} are marked superseded.\n`,
      );
    }
    for (const line of failUnder) process.stderr.write(`airgap-eval: ${line}\n`);
    if (result.interrupted) {
      process.stderr.write(
        `airgap-eval: interrupted; finished rows are in ${flags.out}. Resume with: ${resumeCommand(process.argv.slice(2))}\n`,
      );
    }
    process.exitCode = exitCode;
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
      "judge model: registry id or .gguf file (default: the registry's default judge; when that one is not pulled, judge metrics are skipped)",
    )
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
    .option("--resume", "continue the --out file: skip the row × metric pairs it already holds")
    .option("--overwrite", "replace an existing --out file")
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
      "custom judge metrics (aspect_critic, rubrics_score, instance_rubrics, simple_criteria, g_eval, llm_evaluator) from a YAML or JSON file; without --metrics only these run (repeatable)",
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
    .option(
      "--column <name=field>",
      "read dataset column <name> as <field> (user_input, response, retrieved_contexts, reference, reference_contexts) (repeatable)",
      collect(String),
    )
    .addHelpText(
      "after",
      `
Examples:
  $ airgap-eval eval --example --report report.html                     # the shipped 20-row example
  $ airgap-eval eval data.jsonl --metrics semantic_similarity --report report.html
  $ airgap-eval eval data.csv --metrics faithfulness,answer_relevancy --llm ./judge.gguf --threads 2
  $ airgap-eval eval data.jsonl --out run.jsonl --resume               # continue after Ctrl-C or a crash
  $ airgap-eval eval data.jsonl --fail-under faithfulness=0.8 --quiet   # CI gate: exit 3 below the bar
  $ airgap-eval eval data.jsonl --column question_text=user_input --column answer_text=response
  $ airgap-eval eval data.jsonl --metric-file examples/quality.yaml --llm ./judge.gguf   # your own judges

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
  return addShardOptions(command);
}
