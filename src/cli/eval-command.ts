import path from "node:path";
import { type Command, InvalidArgumentError, Option } from "commander";
import { Cache } from "../cache/cache.js";
import { CachedEmbeddings } from "../cache/cached-embeddings.js";
import { CachedLlm } from "../cache/cached-llm.js";
import { loadDataset } from "../dataset/load.js";
import type { ColumnTarget } from "../dataset/types.js";
import { TransformersEmbeddings } from "../embeddings/transformers-embeddings.js";
import type { Embeddings } from "../embeddings/types.js";
import { InvalidInputError, ModelNotFoundError } from "../errors.js";
import { evaluate } from "../evaluate/evaluate.js";
import type { EvaluationResult } from "../evaluate/result.js";
import { LlamaCppLlm } from "../llm/llama-cpp-llm.js";
import type { Llm } from "../llm/types.js";
import { defaultModelId, resolveModel } from "../models/resolve.js";
import { formatSummary } from "../report/summary.js";
import { writeReport } from "../report/write.js";
import { ExitCode } from "./exit-codes.js";
import { checkFailUnder, type FailUnderBar, parseFailUnder } from "./fail-under.js";
import { createMetric, type MetricId, metricCatalog, metricIds, parseMetricIds } from "./metric-factory.js";

interface EvalFlags {
  metrics: string;
  llm?: string;
  embeddings?: string;
  modelsDir?: string;
  out: string;
  report: string[];
  concurrency?: number;
  threads?: number;
  resume: boolean;
  overwrite: boolean;
  strict: boolean;
  cache: boolean;
  cacheFile?: string;
  quiet: boolean;
  json: boolean;
  failUnder: FailUnderBar[];
  column: string[];
}

function positiveInt(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${name} must be a whole number >= 1.`);
    return n;
  };
}

function collect<T>(parse: (v: string) => T) {
  return (value: string, previous: T[] = []): T[] => [...previous, parse(value)];
}

/** `--column field=name` pairs into a column map (dataset column name -> sample field or Ragas name). */
function parseColumnMap(pairs: readonly string[]): Record<string, ColumnTarget> {
  const map: Record<string, ColumnTarget> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0 || eq === pair.length - 1) {
      throw new InvalidInputError(
        `--column "${pair}" must look like <dataset column>=<field>, e.g. question=user_input`,
      );
    }
    map[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim() as ColumnTarget;
  }
  return map;
}

/** The command that resumes this run: the same arguments with --resume and without --overwrite. */
function resumeCommand(argv: readonly string[]): string {
  const args = argv.slice(2).filter((a) => a !== "--overwrite" && a !== "--resume");
  const quoted = args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`));
  return `airgap-eval ${quoted.join(" ")} --resume`;
}

async function loadJudge(
  flags: EvalFlags,
  needed: boolean,
): Promise<{ llm?: LlamaCppLlm; llmMissing?: string }> {
  if (!needed) return {};
  const requested = flags.llm ?? defaultModelId("llm");
  try {
    const model = await resolveModel(requested, { kind: "llm", modelsDir: flags.modelsDir });
    const llm = await LlamaCppLlm.load({
      modelPath: model.path,
      id: model.id,
      threads: flags.threads,
      sequences: flags.concurrency,
    });
    return { llm };
  } catch (err) {
    // Only the default judge may be absent: the run goes on with its metrics skipped.
    if (err instanceof ModelNotFoundError && flags.llm === undefined) return { llmMissing: err.message };
    throw err;
  }
}

async function loadEmbeddings(
  flags: EvalFlags,
  needed: boolean,
): Promise<{ embeddings?: TransformersEmbeddings; embeddingsMissing?: string }> {
  if (!needed) return {};
  const requested = flags.embeddings ?? defaultModelId("embedding");
  try {
    const model = await resolveModel(requested, { kind: "embedding", modelsDir: flags.modelsDir });
    const embeddings = await TransformersEmbeddings.load({ model: model.path, id: model.id });
    return { embeddings };
  } catch (err) {
    if (err instanceof ModelNotFoundError && flags.embeddings === undefined)
      return { embeddingsMissing: err.message };
    throw err;
  }
}

async function runEval(datasetPath: string, flags: EvalFlags): Promise<void> {
  const ids = parseMetricIds(flags.metrics);
  const bars = flags.failUnder;
  for (const bar of bars) {
    if (!ids.includes(bar.metric as MetricId)) {
      throw new InvalidInputError(
        `--fail-under names ${bar.metric}, which is not among --metrics (${ids.join(", ")})`,
      );
    }
  }
  if (flags.resume && flags.overwrite)
    throw new InvalidInputError("--resume and --overwrite contradict each other; pick one");

  // Read and check the dataset before any model loads: bad input fails fast.
  const dataset = loadDataset(datasetPath, { columnMap: parseColumnMap(flags.column), strict: flags.strict });
  for (const bad of dataset.invalid) {
    process.stderr.write(`airgap-eval: skipping invalid row: ${bad.message}\n`);
  }

  const needsLlm = ids.some((id) => metricCatalog[id].llm);
  const needsEmbeddings = ids.some((id) => metricCatalog[id].embeddings);
  const judge = await loadJudge(flags, needsLlm);
  const embedder = await loadEmbeddings(flags, needsEmbeddings);
  const cache = flags.cache ? Cache.open({ path: flags.cacheFile }) : undefined;

  const llm: Llm | undefined = judge.llm && cache ? new CachedLlm(judge.llm, cache) : judge.llm;
  const embeddings: Embeddings | undefined =
    embedder.embeddings && cache ? new CachedEmbeddings(embedder.embeddings, cache) : embedder.embeddings;
  const metrics = ids.map((id) => createMetric(id, { ...judge, ...embedder, llm, embeddings }));

  const controller = new AbortController();
  let interrupts = 0;
  const onSigint = () => {
    interrupts += 1;
    if (interrupts === 1) {
      process.stderr.write(
        "\nairgap-eval: stopping: finishing the rows in flight (Ctrl-C again to quit now)\n",
      );
      controller.abort();
    } else {
      process.exit(ExitCode.interrupted);
    }
  };
  process.on("SIGINT", onSigint);

  let result: EvaluationResult;
  try {
    result = await evaluate(dataset, metrics, {
      out: flags.out,
      resume: flags.resume,
      overwrite: flags.overwrite,
      cache: cache ?? false,
      concurrency: flags.concurrency,
      progress: flags.quiet ? "none" : "auto",
      strict: flags.strict,
      signal: controller.signal,
    });
  } finally {
    process.off("SIGINT", onSigint);
    await judge.llm?.dispose();
    await embedder.embeddings?.dispose();
    cache?.close();
  }

  for (const file of flags.report) await writeReport(file, result.toJSON());

  if (flags.json) {
    process.stdout.write(`${JSON.stringify(result.aggregated(), null, 2)}\n`);
  } else {
    process.stdout.write(formatSummary(result.toJSON()));
    process.stdout.write(`\nResults: ${path.resolve(flags.out)}\n`);
    for (const file of flags.report) process.stdout.write(`Report:  ${path.resolve(file)}\n`);
  }

  if (result.interrupted) {
    process.stderr.write(
      `airgap-eval: interrupted; finished rows are in ${flags.out}. Resume with: ${resumeCommand(process.argv)}\n`,
    );
    process.exitCode = ExitCode.interrupted;
    return;
  }
  const failed = checkFailUnder(result.aggregated(), bars);
  for (const line of failed) process.stderr.write(`airgap-eval: ${line}\n`);
  if (failed.length > 0) process.exitCode = ExitCode.belowThreshold;
  else if (result.errorCount > 0) process.exitCode = ExitCode.rowsFailed;
}

/**
 * Adds `eval <dataset>` to the `airgap-eval` program.
 *
 * @example
 * registerEvalCommand(new Command("airgap-eval"));
 */
export function registerEvalCommand(program: Command): Command {
  return program
    .command("eval")
    .description(
      "Evaluate a dataset (JSONL, JSON array or CSV) with local models; never touches the network.",
    )
    .argument("<dataset>", "dataset file: .jsonl, .json or .csv with Ragas or Haystack column names")
    .option(
      "-m, --metrics <ids>",
      `comma-separated metric ids (${metricIds.join(", ")})`,
      metricIds.join(","),
    )
    .option(
      "--llm <id|path>",
      "judge model: registry id or .gguf path (default: the registry's default judge)",
    )
    .option(
      "--embeddings <id|path>",
      "embedding model: registry id or model directory (default: the registry's default embedder)",
    )
    .option(
      "--models-dir <dir>",
      "where pulled models live (default: $AIRGAP_EVAL_MODELS, else the user cache directory)",
    )
    .option("-o, --out <file>", "results JSONL file, appended row by row", "airgap-eval-results.jsonl")
    .option(
      "-r, --report <file>",
      "write a report; the extension picks the format: .html .md .csv .json (repeatable)",
      collect(String),
      [],
    )
    .option(
      "--concurrency <n>",
      "rows evaluated at once; also the judge's parallel sequences (default: 1 with a judge, else 8)",
      positiveInt("--concurrency"),
    )
    .option(
      "--threads <n>",
      "judge CPU threads (default: measured best for this machine, see README)",
      positiveInt("--threads"),
    )
    .option("--resume", "continue the --out file: skip rows it already holds", false)
    .option("--overwrite", "replace an existing --out file", false)
    .option("--strict", "any invalid row is fatal before work starts", false)
    .option("--no-cache", "do not read or write the result cache")
    .option("--cache-file <file>", "SQLite cache file (default: <user cache dir>/airgap-eval/cache.sqlite)")
    .option("-q, --quiet", "no progress output", false)
    .option("--json", "print the aggregated result as JSON instead of the summary table", false)
    .addOption(
      new Option("--fail-under <metric=value>", "exit 3 when a metric's mean is below value (repeatable)")
        .argParser(collect(parseFailUnder))
        .default([]),
    )
    .option(
      "--column <column=field>",
      "map a dataset column to a field, e.g. question=user_input (repeatable)",
      collect(String),
      [],
    )
    .addHelpText(
      "after",
      `
Examples:
  $ airgap-eval eval examples/rag-eval.jsonl --report report.html
  $ airgap-eval eval data.csv --metrics faithfulness,answer_relevancy --llm qwen2.5-1.5b-instruct --concurrency 2
  $ airgap-eval eval data.jsonl --out run.jsonl --resume                # continue after Ctrl-C or a crash
  $ airgap-eval eval data.jsonl --fail-under faithfulness=0.8 --quiet    # CI gate: exit 3 below the bar
  $ airgap-eval eval data.jsonl --column question=user_input --column answer=response

Judge metrics whose default model has not been pulled are reported as skipped, with the pull command.
Exit codes: 0 ok, 1 some rows failed, 2 bad usage or input, 3 below a --fail-under bar, 130 interrupted.`,
    )
    .action(async (dataset: string, flags: EvalFlags) => runEval(dataset, flags));
}
