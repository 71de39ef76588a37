import { writeFileSync } from "node:fs";
import { type Command, Option } from "commander";
import { Cache } from "../cache/cache.js";
import { type CalibrateOptions, type CalibrationResult, calibrate } from "../calibrate/calibrate.js";
import {
  describeInvalid,
  type LabelledSet,
  loadLabelled,
  loadLabelledSample,
} from "../calibrate/labelled.js";
import { toCalibrationHtml } from "../calibrate/report-html.js";
import { stratifiedSample } from "../calibrate/sample.js";
import { checkThreshold, descriptorScoreRange } from "../calibrate/score-range.js";
import { converterFor } from "../datasets/convert.js";
import type { LabelKind } from "../datasets/converters/types.js";
import { datasetDirIn, datasetsDir } from "../datasets/datasets-dir.js";
import { findDataset, loadDatasetRegistry } from "../datasets/registry.js";
import { assertDatasetVerified } from "../datasets/verify.js";
import { CachedEmbeddings } from "../embeddings/cached-embeddings.js";
import type { LongText } from "../embeddings/long-text.js";
import type { Embeddings } from "../embeddings/types.js";
import { InvalidInputError } from "../errors.js";
import { CachedLlm } from "../llm/cached-llm.js";
import type { CpuBuildOption } from "../llm/cpu-build.js";
import type { GpuOption } from "../llm/load-options.js";
import type { Llm } from "../llm/types.js";
import { definableMetrics } from "../metric-file/definition.js";
import type { JuryAggregate } from "../metrics/jury/verdict.js";
import { cliCommand } from "../util/cli-command.js";
import { numberedNames } from "../util/numbered-names.js";
import { assertOutputsAreNotInputs } from "../util/real-path.js";
import { bandTargetChoice } from "./band-target.js";
import { calibrateJuryHelp, juryCalibrationJudges } from "./calibrate-jury.js";
import {
  buildCalibrationMetric,
  type CalibrationMetricFlags,
  calibrationMetricName,
  calibrationNeeds,
  checkCalibrationColumns,
  chooseCalibrationMetric,
  readCalibrationMetricFiles,
  type SetSuggestion,
} from "./calibrate-metric.js";
import { calibrationSummary } from "./calibrate-summary.js";
import { parseColumnMap } from "./column-map.js";
import { type JuryLoading, judgeName, juryJudges, juryLoadingOption, juryOption } from "./eval-jury.js";
import { disposeModels, type LoadedModels, loadEvalModels } from "./eval-models.js";
import { requireVerifier } from "./eval-verifiers.js";
import { ExitCode } from "./exit-codes.js";
import { InterruptHandler } from "./interrupt.js";
import { longTextNotice, longTextOption } from "./long-text-notice.js";
import { parseMetricOption } from "./metric-options.js";
import {
  CONTEXT_SIZE_FLAG_HELP,
  CPU_BUILD_FLAG_HELP,
  collect,
  cpuBuildFlag,
  GPU_FLAG_HELP,
  gpuFlag,
  numberFlag,
  parseDecimal,
  positiveInt,
} from "./option-parsers.js";

interface CalibrateFlags extends CalibrationMetricFlags {
  dataset?: string;
  datasetsDir?: string;
  llm: string[];
  /** `--jury`: the `--llm` judges also calibrated as a jury. Defaults to none. */
  jury?: JuryAggregate;
  /** `--jury-loading`: the jury's judges all loaded, one at a time, or chosen by their size. Defaults to "auto". */
  juryLoading: JuryLoading;
  embeddings?: string;
  longText?: LongText;
  modelsDir?: string;
  threads?: number;
  gpu?: GpuOption;
  cpuBuild?: CpuBuildOption;
  contextSize?: number;
  labels?: string;
  labelColumn?: string;
  column: string[];
  threshold?: number;
  bandTarget?: number;
  resamples: number;
  seed: number;
  limit?: number;
  disagreements: number;
  report?: string;
  json?: boolean;
  quiet?: boolean;
  cache: boolean;
  cacheFile?: string;
  baselines: boolean;
}

/** Parses `--labels binary | pairwise | graded:MIN-MAX`. */
export function parseLabels(value: string): LabelKind {
  if (value === "binary" || value === "pairwise" || value === "statements") return { kind: value };
  const m = /^graded:(-?\d+(?:\.\d+)?)-(-?\d+(?:\.\d+)?)$/.exec(value);
  const min = m === null ? undefined : parseDecimal(m[1]!);
  const max = m === null ? undefined : parseDecimal(m[2]!);
  if (min !== undefined && max !== undefined) {
    if (min < max) return { kind: "graded", min, max };
    throw new InvalidInputError(`--labels ${value}: the scale's min must be below its max`);
  }
  throw new InvalidInputError(
    `--labels "${value}" must be binary, pairwise, statements or graded:MIN-MAX (e.g. graded:1-4)`,
  );
}

async function loadSet(
  file: string | undefined,
  flags: CalibrateFlags,
): Promise<{ set: LabelledSet; suggestion: SetSuggestion }> {
  const labels = flags.labels !== undefined ? parseLabels(flags.labels) : undefined;
  const options = {
    ...(labels ? { labels } : {}),
    ...(flags.labelColumn ? { labelColumn: flags.labelColumn } : {}),
    load: { columnMap: parseColumnMap(flags.column) },
  };
  let set: LabelledSet;
  let suggestion: SetSuggestion = {};
  if (flags.dataset !== undefined) {
    if (file !== undefined) throw new InvalidInputError("give a labelled file or --dataset, not both");
    const entry = findDataset(loadDatasetRegistry(), flags.dataset);
    const converter = converterFor(entry.id);
    const dir = datasetDirIn(
      datasetsDir(flags.datasetsDir ? { datasetsDir: flags.datasetsDir } : {}),
      entry.id,
    );
    await assertDatasetVerified(entry, dir);
    const records = converter.convert(dir) as unknown as Record<string, unknown>[];
    set = loadLabelled(records, { ...options, labels: labels ?? converter.labels });
    // The set's own options for its suggested metric (e.g. evalsbench's grading notes as the rubric's reference).
    suggestion = {
      metric: converter.metric,
      ...(converter.metricOptions !== undefined ? { options: { ...converter.metricOptions } } : {}),
    };
  } else if (file !== undefined) {
    // With --limit the file is streamed once, keeping a seeded sample of each class.
    set =
      flags.limit !== undefined
        ? await loadLabelledSample(file, flags.limit, options, flags.seed)
        : loadLabelled(file, options);
  } else {
    throw new InvalidInputError(
      "give a labelled file (JSONL, JSON or CSV) or --dataset <id> (see datasets list)",
    );
  }
  if (flags.limit !== undefined) set = { ...set, rows: stratifiedSample(set.rows, flags.limit, flags.seed) };
  if (set.rows.length === 0) {
    throw new InvalidInputError(
      `the labelled file has no valid row${set.invalid.length > 0 ? ` (${set.invalid.length} invalid: ${describeInvalid(set.invalid)})` : ""}`,
      set.file !== undefined ? { file: set.file } : {},
    );
  }
  return { set, suggestion };
}

async function runCalibrate(file: string | undefined, flags: CalibrateFlags): Promise<void> {
  const definitions = readCalibrationMetricFiles(flags);
  // Before anything is written: neither output may be the labelled file, under any name.
  assertOutputsAreNotInputs(
    [
      flags.report !== undefined ? { path: flags.report, flag: "--report" } : undefined,
      flags.cache && flags.cacheFile !== undefined
        ? { path: flags.cacheFile, flag: "--cache-file" }
        : undefined,
    ],
    [file !== undefined ? { path: file, what: "the labelled file" } : undefined],
  );
  const { set, suggestion } = await loadSet(file, flags);
  const chosen = chooseCalibrationMetric(flags, definitions, suggestion);
  const choice = flags.bandTarget !== undefined ? bandTargetChoice(chosen) : chosen;
  const id = calibrationMetricName(choice);
  if (set.labels.kind !== "statements") {
    checkCalibrationColumns(
      choice,
      set.rows.flatMap((r) => r.samples),
      set.file,
    );
  }
  // A threshold outside a built-in metric's range is refused before any model loads.
  const knownRange = choice.kind === "built-in" ? descriptorScoreRange(choice.id) : undefined;
  if (flags.threshold !== undefined && knownRange !== undefined) {
    checkThreshold(flags.threshold, knownRange, set.labels, id);
  }
  const needs = calibrationNeeds(choice);
  if (flags.jury !== undefined) juryJudges(flags.llm, flags.jury);
  if (needs.llm && flags.llm.length === 0) {
    throw new InvalidInputError(`${id} needs a judge: give one or more --llm <file.gguf | registry id>`);
  }
  // A verifier that is not there is bad usage, named with its directory and missing file before anything loads:
  // scoring on would leave every row unscored and the figures (and a --band-target proposal) about nothing.
  if (choice.kind === "built-in") await requireVerifier(choice.id, choice.options, flags.modelsDir);
  const interrupt = new InterruptHandler();
  const cache = flags.cache ? Cache.open(flags.cacheFile ? { path: flags.cacheFile } : {}) : undefined;
  const results: CalibrationResult[] = [];
  const shared: Partial<LoadedModels> = {};
  // How to free the jury's judges (calibrate-jury.ts), each added as soon as its judges load.
  const releases: (() => Promise<void>)[] = [];
  try {
    let embeddings: Embeddings | undefined;
    if (needs.embeddings) {
      const { llm: _judges, ...modelFlags } = flags;
      const loaded = await loadEvalModels(modelFlags, { llm: false, embeddings: true }, shared);
      if (!loaded.embeddings) throw new InvalidInputError(loaded.embeddingsMissing ?? "no embedding model");
      embeddings = cache ? new CachedEmbeddings(loaded.embeddings, cache) : loaded.embeddings;
    }
    const options = (judges: CalibrateOptions["judges"]): CalibrateOptions => ({
      judges,
      ...(flags.threshold !== undefined ? { threshold: flags.threshold } : {}),
      ...(flags.bandTarget !== undefined ? { band: { target: flags.bandTarget } } : {}),
      bootstrap: { resamples: flags.resamples, seed: flags.seed },
      disagreements: flags.disagreements,
      baselines: flags.baselines,
      cache: false,
      progress: flags.quiet ? "none" : "auto",
      signal: interrupt.signal,
    });
    const build = (llm: Llm | undefined) =>
      buildCalibrationMetric(choice, { ...(llm ? { llm } : {}), ...(embeddings ? { embeddings } : {}) });
    // A jury: each judge calibrated, then the jury over them (calibrate-jury.ts loads them as --jury-loading says).
    const jury =
      flags.jury !== undefined
        ? { aggregate: flags.jury, loading: flags.juryLoading, flags, cache, releases }
        : undefined;
    if (jury !== undefined)
      results.push(await calibrate(set, options(await juryCalibrationJudges(flags.llm, build, jury))));
    const judges = jury !== undefined ? [] : needs.llm ? flags.llm : ["(no judge)"];
    // Two judges of the same file name (from two folders) are told apart: a.gguf, a.gguf#2.
    const names = numberedNames(judges.map(judgeName));
    for (const [i, judge] of judges.entries()) {
      const models: Partial<LoadedModels> = {};
      try {
        const loaded = needs.llm
          ? await loadEvalModels({ ...flags, llm: judge }, { llm: true, embeddings: false }, models)
          : undefined;
        const llm = loaded?.llm && cache ? new CachedLlm(loaded.llm, cache) : loaded?.llm;
        const name = needs.llm ? names[i]! : id;
        results.push(await calibrate(set, options([{ name, metric: build(llm) }])));
      } finally {
        await disposeModels(models);
      }
      if (interrupt.signal.aborted) break;
    }
  } finally {
    await disposeModels(shared);
    for (const release of releases) await release();
    cache?.close();
    interrupt.dispose();
  }
  const longText = longTextNotice(shared.embeddings);
  if (longText !== undefined) process.stderr.write(`${longText}\n`);
  const result: CalibrationResult = {
    ...results[0]!,
    judges: results.flatMap((r) => r.judges),
    interrupted: results.some((r) => r.interrupted),
  };
  if (flags.report) writeFileSync(flags.report, toCalibrationHtml(result));
  if (flags.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else {
    process.stdout.write(`${calibrationSummary(result)}\n`);
    if (flags.report) process.stdout.write(`\nReport: ${flags.report}\n`);
  }
  for (const warning of result.warnings) process.stderr.write(`airgap-eval: warning: ${warning}\n`);
  if (set.invalid.length > 0) {
    process.stderr.write(
      `airgap-eval: ${set.invalid.length} labelled rows were invalid and left out: ${describeInvalid(set.invalid)}\n`,
    );
  }
  if (result.interrupted) {
    process.stderr.write(
      "airgap-eval: calibrate was interrupted: figures cover the rows scored, and figures reached after Ctrl-C have no interval (rerun, or use fewer --resamples)\n",
    );
    process.exitCode = ExitCode.interrupted;
  }
}

/**
 * Adds `calibrate`: how far a judge agrees with people on labelled rows, with bootstrap intervals,
 * several judges side by side, and an offline HTML report.
 *
 * @example
 * registerCalibrateCommand(program);
 */
export function registerCalibrateCommand(program: Command): Command {
  const run = cliCommand();
  return program
    .command("calibrate")
    .description(
      "measure a judge's agreement with human labels (binary, graded or pairwise), judges side by side",
    )
    .argument(
      "[labelled-file]",
      "labelled JSONL, JSON or CSV: sample columns plus human_label, human_score or preferred",
    )
    .option(
      "--metric <id>",
      "metric to run: a built-in id or a --metric-file metric's id (default: the one metric of --metric-file, else with --dataset the set's suggested metric)",
    )
    .option(
      "--metric-file <file>",
      `your own judge (${[...definableMetrics.keys()].join(", ")}) from a YAML or JSON metric file, as in eval (repeatable)`,
      collect(String),
      [],
    )
    .addOption(
      new Option(
        "--metric-option <metric.option=value>",
        'an option of the built-in metric, as in eval, e.g. aspect_critic.definition="..." (repeatable)',
      )
        .argParser(collect(parseMetricOption))
        .default([]),
    )
    .option("--dataset <id>", "a registry data set (airgap-eval datasets list) instead of a file")
    .option("--datasets-dir <dir>", "where pulled data sets live")
    .option(
      "--llm <id|path>",
      "judge model, repeatable: each one is calibrated, side by side",
      collect(String),
      [],
    )
    .addOption(juryOption(calibrateJuryHelp))
    .addOption(juryLoadingOption())
    .option("--embeddings <id|path>", "embedding model, for metrics that need one")
    .addOption(longTextOption())
    .option("--models-dir <dir>", "where pulled models live")
    .option("--threads <n>", "judge CPU threads", positiveInt("--threads"))
    .option("--gpu <backend>", GPU_FLAG_HELP, gpuFlag)
    .option("--cpu-build <build>", CPU_BUILD_FLAG_HELP, cpuBuildFlag)
    .option("--context-size <tokens>", CONTEXT_SIZE_FLAG_HELP, positiveInt("--context-size"))
    .option("--labels <kind>", "binary | pairwise | statements | graded:MIN-MAX (default: from the columns)")
    .option("--label-column <name>", "the column holding the human label")
    .option(
      "--column <name=field>",
      "read a column as a sample field, as in eval (repeatable)",
      collect(String),
      [],
    )
    .option(
      "--threshold <x>",
      "a binary verdict is positive when the score is >= x, inside the metric's score range (default: 0.5 on a 0-1 score, else the range's midpoint, e.g. 3 on a 1-5 rubric)",
      numberFlag("--threshold", -Number.MAX_VALUE, Number.MAX_VALUE),
    )
    .option(
      "--band-target <agreement>",
      "propose the faithfulness cascade's band reaching this agreement with the labels at the lowest judge share (binary labels; --metric faithfulness with a verifier and --llm)",
      numberFlag("--band-target", 0, 1),
    )
    .option(
      "--resamples <n>",
      "bootstrap resamples (0: no intervals)",
      numberFlag("--resamples", 0, 100_000, true),
      1000,
    )
    .option(
      "--seed <n>",
      "seed of the bootstrap and of --limit's sample",
      numberFlag("--seed", 0, 2 ** 32 - 1, true),
      20240601,
    )
    .option(
      "--limit <n>",
      "n labelled rows sampled from every class of labels in proportion (seeded by --seed, in file order)",
      positiveInt("--limit"),
    )
    .option(
      "--disagreements <n>",
      "rows of largest disagreement to list per judge",
      numberFlag("--disagreements", 0, 1000, true),
      10,
    )
    .option(
      "--no-baselines",
      "leave out the judge-free baselines (the constant answer, and a token overlap whose threshold is chosen on half the rows and measured on the other half)",
    )
    .option("--report <file.html>", "write the calibration report (offline HTML)")
    .option("--json", "print the whole result as JSON")
    .option("-q, --quiet", "no progress output")
    .option("--no-cache", "do not read or write the result cache")
    .option("--cache-file <file>", "SQLite cache file")
    .addHelpText(
      "after",
      `
Examples:
  $ ${run} datasets convert halueval-qa-sample --out halueval.jsonl
  $ ${run} calibrate halueval.jsonl --metric faithfulness --llm a.gguf --llm b.gguf --report calib.html
  $ ${run} calibrate --dataset mtrag-human-eval --llm judge.gguf --limit 100
  $ ${run} calibrate mine.csv --metric context_relevance --labels graded:1-5 --llm judge.gguf --json
  $ ${run} calibrate mine.jsonl --metric-file my-judges.yaml --metric stays_on_topic --llm judge.gguf

Figures: binary labels give accuracy, balanced accuracy, Cohen's kappa, precision/recall/F1 of the
negative (unfaithful) class, the confusion matrix, AUROC and the best-separating threshold; graded
labels give Spearman, Kendall tau-b and MAE after scaling; pairwise labels give the agreement rate.
Every figure has a seeded bootstrap 95% interval; an undefined figure says why instead of NaN.`,
    )
    .action(async (file: string | undefined, flags: CalibrateFlags) => runCalibrate(file, flags));
}
