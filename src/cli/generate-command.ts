import path from "node:path";
import { type Command, Option } from "commander";
import { InvalidInputError } from "../errors.js";
import { createProgress } from "../evaluate/progress.js";
import { builtinStage } from "../generate/builtin-stage.js";
import {
  defaultCallMaxTokens,
  defaultCallTimeoutMs,
  defaultSeed,
  maxGenerateSize,
  queryLengths,
  queryStyles,
} from "../generate/defaults.js";
import { type GenerateTestsetResult, generateTestset } from "../generate/generate-testset.js";
import { mergeTestsets } from "../generate/merge.js";
import { readDocuments } from "../generate/read-documents.js";
import { checkMixAgainstDocuments } from "../generate/synth/mix-documents.js";
import type { Persona, QueryLength, QueryStyle, SynthesizerName } from "../generate/types.js";
import type { CpuBuildOption } from "../llm/cpu-build.js";
import type { GpuOption } from "../llm/load-options.js";
import { assertResultsFileFree } from "../results/lock.js";
import { cliCommand } from "../util/cli-command.js";
import { disposeModels, type LoadedModels, loadEvalModels } from "./eval-models.js";
import { ExitCode } from "./exit-codes.js";
import { defaultGenerateOut, defaultGenerateSize, withDefault } from "./generate-defaults.js";
import { parseMix, parseQueryLengths, parseQueryStyles, readPersonas } from "./generate-flags.js";
import { assertGenerateOutputs, assertMergeOutputs } from "./generate-paths.js";
import { loadStageModule } from "./generate-stage.js";
import { InterruptHandler, resumeCommand } from "./interrupt.js";
import {
  CONTEXT_SIZE_FLAG_HELP,
  CPU_BUILD_FLAG_HELP,
  cpuBuildFlag,
  GPU_FLAG_HELP,
  gpuFlag,
  parseDecimal,
  positiveInt,
} from "./option-parsers.js";
import { checkRunLimits } from "./run-limits.js";
import { hasShardPlaceholders, shardTargets } from "./shard-options.js";

/** The flags of `generate`, as commander hands them over. */
interface GenerateFlags {
  size?: number;
  out?: string;
  llm?: string;
  embeddings?: string;
  modelsDir?: string;
  seed?: number;
  mix?: Partial<Record<SynthesizerName, number>>;
  personas?: string;
  queryStyles?: QueryStyle[];
  queryLengths?: QueryLength[];
  chunkTokens?: number;
  maxTokens?: number;
  callTimeout?: number;
  stage?: string;
  quiet?: boolean;
  json?: boolean;
  resume?: boolean;
  overwrite?: boolean;
  merge?: boolean;
  shard?: string;
  shardCount?: number;
  threads?: number;
  contextSize?: number;
  gpu?: GpuOption;
  cpuBuild?: CpuBuildOption;
}

/** A whole number (negative too) in digits, for `--seed`. */
function wholeNumber(value: string): number {
  const n = /^\s*-?\d+\s*$/.test(value) ? (parseDecimal(value) ?? Number.NaN) : Number.NaN;
  if (!Number.isSafeInteger(n))
    throw new InvalidInputError(`--seed must be a whole number written in digits (got "${value}")`);
  return n;
}

function summary(result: GenerateTestsetResult): string {
  const { rows, rejected, files, target } = result;
  return (
    `airgap-eval: ${rows.length} of ${target} rows in ${files.out}; ${rejected.length} rejected candidates in ${files.rejected}` +
    (result.planExhausted ? " (the plan ran out before the size was reached: too many were rejected)" : "")
  );
}

async function runMerge(files: readonly string[], flags: GenerateFlags): Promise<void> {
  const out = flags.out ?? defaultGenerateOut;
  assertMergeOutputs(out, files);
  const merged = mergeTestsets(files, out, { overwrite: flags.overwrite === true });
  for (const short of merged.shortShards) {
    process.stderr.write(
      `airgap-eval: note: ${short.file} holds ${short.rows} of its ${short.target} rows (its plan ran out)\n`,
    );
  }
  if (flags.json)
    process.stdout.write(
      `${JSON.stringify({ out: merged.files.out, rejected: merged.files.rejected, config: merged.files.config, rows: merged.rows, rejectedCount: merged.rejected })}\n`,
    );
  else if (!flags.quiet)
    process.stderr.write(
      `airgap-eval: merged ${files.length} shards: ${merged.rows} rows in ${merged.files.out}, ${merged.rejected} rejected in ${merged.files.rejected}\n`,
    );
}

/**
 * `generate`: reads and checks the documents and flags (bad input fails before a model loads), loads the judge and
 * the embedder, and generates the test set with resume and Ctrl-C handling; `--merge` merges shard files instead.
 */
async function runGenerate(inputs: string[], flags: GenerateFlags): Promise<void> {
  if (flags.resume && flags.overwrite)
    throw new InvalidInputError("--resume and --overwrite contradict each other; pick one");
  if (flags.merge) return runMerge(inputs, flags);
  // Each shard writes its own file: --out's {index} and {count} filled in, or else a .shard-i-of-N tag added to it.
  const targets = shardTargets(
    { out: flags.out ?? defaultGenerateOut, shard: flags.shard, shardCount: flags.shardCount },
    flags.out === undefined || !hasShardPlaceholders(flags.out),
  );
  assertGenerateOutputs(targets.out, { documents: inputs, personas: flags.personas, stage: flags.stage });
  // Another run (a generate or a merge) writing --out: said now, not after the models load.
  assertResultsFileFree(targets.out);
  const documents = readDocuments(inputs, {
    onSkipped: (file, why) => process.stderr.write(`airgap-eval: note: skipped ${file}: ${why}\n`),
  });
  // A mix the documents alone cannot serve is refused before any model loads.
  if (flags.mix !== undefined) checkMixAgainstDocuments(documents, flags.mix);
  const personas: Persona[] | undefined =
    flags.personas !== undefined ? readPersonas(flags.personas) : undefined;
  for (const warning of checkRunLimits({ threads: flags.threads, usesJudge: true }))
    process.stderr.write(`${warning}\n`);
  const stageOptions = {
    ...(personas !== undefined ? { personas } : {}),
    queryStyles: flags.queryStyles ?? queryStyles,
    queryLengths: flags.queryLengths ?? queryLengths,
    strictMix: flags.mix !== undefined,
  };
  const stage =
    flags.stage !== undefined
      ? await loadStageModule(flags.stage, stageOptions)
      : await builtinStage(stageOptions);
  const models: Partial<LoadedModels> = {};
  const interrupt = new InterruptHandler();
  const progress = createProgress(flags.quiet || flags.json ? "none" : "auto", { activity: "generating" });
  let started = false;
  try {
    const loaded = await loadEvalModels(flags, { llm: true, embeddings: true }, models);
    if (loaded.llm === undefined || loaded.embeddings === undefined) {
      throw new InvalidInputError(loaded.notes.map((n) => n.message).join("\n"));
    }
    const result = await generateTestset({
      documents,
      llm: loaded.llm,
      embeddings: loaded.embeddings,
      out: targets.out,
      size: flags.size ?? defaultGenerateSize,
      seed: flags.seed ?? defaultSeed,
      ...(flags.mix !== undefined ? { mix: flags.mix } : {}),
      ...stageOptions,
      ...(flags.chunkTokens !== undefined ? { chunkTokens: flags.chunkTokens } : {}),
      callBudget: {
        maxTokens: flags.maxTokens ?? defaultCallMaxTokens,
        timeoutMs: (flags.callTimeout ?? defaultCallTimeoutMs / 1000) * 1000,
      },
      stage,
      stageName: flags.stage !== undefined ? path.basename(flags.stage) : "default",
      resume: flags.resume === true,
      overwrite: flags.overwrite === true,
      ...(targets.shard !== undefined
        ? { shard: { index: targets.shard.index, count: targets.shard.count } }
        : {}),
      signal: interrupt.signal,
      onProgress: (p) => {
        if (!started) progress.start(p.target, p.accepted);
        started = true;
        progress.update(p.accepted, p.failed);
      },
    });
    progress.stop();
    if (flags.json) {
      process.stdout.write(
        `${JSON.stringify({ out: result.files.out, rejected: result.files.rejected, config: result.files.config, rows: result.rows.length, target: result.target, rejectedCount: result.rejected.length, chunks: result.chunks, interrupted: result.interrupted, planExhausted: result.planExhausted })}\n`,
      );
    } else {
      process.stderr.write(`${summary(result)}\n`);
    }
    if (result.interrupted) {
      process.stderr.write(
        `airgap-eval: interrupted; continue with: ${resumeCommand(process.argv.slice(2))}\n`,
      );
      process.exitCode = ExitCode.interrupted;
    } else process.exitCode = result.planExhausted ? ExitCode.rowsFailed : ExitCode.ok;
  } finally {
    progress.stop();
    interrupt.dispose();
    await disposeModels(models);
  }
}

/**
 * Adds `generate <documents...>` to the `airgap-eval` program.
 *
 * @example
 * registerGenerateCommand(new Command("airgap-eval"));
 */
export function registerGenerateCommand(program: Command): Command {
  const run = cliCommand();
  return program
    .command("generate")
    .description(
      "Generate a test set (questions, reference answers, reference contexts) from documents with the local judge.",
    )
    .argument(
      "<documents...>",
      "files and folders of .txt, .md, .html and .jsonl ({id, text} a line) documents; with --merge: the shard test set files",
    )
    .option(
      "-n, --size <n>",
      withDefault("--size", `rows to generate, at most ${maxGenerateSize.toLocaleString("en-US")}`),
      positiveInt("--size", maxGenerateSize),
    )
    .option(
      "-o, --out <file>",
      withDefault(
        "--out",
        "test set JSONL file; <out>.rejected.jsonl and <out>.config.json are written beside it",
      ),
    )
    .option(
      "--llm <id|path>",
      withDefault("--llm", "judge model that writes the questions: registry id or .gguf file"),
    )
    .option(
      "--embeddings <id|path>",
      withDefault("--embeddings", "embedding model: registry id or ONNX model directory"),
    )
    .option("--models-dir <dir>", withDefault("--models-dir", "where pulled models live"))
    .option(
      "--seed <n>",
      withDefault(
        "--seed",
        "seed of the plan and the judge's sampling; the same documents, models, flags and seed give the same bytes",
      ),
      wholeNumber,
    )
    .option(
      "--mix <shares>",
      withDefault(
        "--mix",
        "question types and their shares, e.g. single=0.5,multi=0.25,abstract=0.25; a type the documents cannot serve is an error",
      ),
      parseMix,
    )
    .option(
      "--personas <file>",
      withDefault("--personas", 'who asks: JSON array or JSONL of {"name", "role_description"}'),
    )
    .option(
      "--query-styles <list>",
      withDefault("--query-styles", `query styles to draw from, comma-separated: ${queryStyles.join(", ")}`),
      parseQueryStyles,
    )
    .option(
      "--query-lengths <list>",
      withDefault(
        "--query-lengths",
        `query lengths to draw from, comma-separated: ${queryLengths.join(", ")}`,
      ),
      parseQueryLengths,
    )
    .option(
      "--chunk-tokens <n>",
      withDefault(
        "--chunk-tokens",
        "most judge tokens in a chunk; chunks end at sentence ends and never cross a heading",
      ),
      positiveInt("--chunk-tokens"),
    )
    .option(
      "--max-tokens <n>",
      withDefault("--max-tokens", "each judge call's answer budget in tokens"),
      positiveInt("--max-tokens"),
    )
    .option(
      "--call-timeout <seconds>",
      withDefault(
        "--call-timeout",
        "each judge call's wall-clock budget; a call past it is aborted and its row rejected as failed",
      ),
      positiveInt("--call-timeout"),
    )
    .option(
      "--stage <module>",
      withDefault(
        "--stage",
        "a JS module whose default export is your own stage (plan and produce; see docs/generate.md)",
      ),
    )
    .option(
      "--resume",
      "continue --out: keep its rows and rejected candidates, generate the rest (refused when the models or options differ)",
    )
    .option(
      "--overwrite",
      "replace an existing --out (and its side files) and start over; with --merge, replace an existing --out",
    )
    .option(
      "--merge",
      "merge the shard test sets named as arguments (with their side files) into --out, in plan order",
    )
    .addOption(
      new Option(
        "--shard <i/N|auto>",
        withDefault(
          "--shard",
          "generate only the plan rows whose index is i modulo N; auto reads Slurm array, Kubernetes Indexed Job or GitLab parallel variables; --out may hold {index} and {count}, else each shard's --out gets a .shard-i-of-N tag",
        ),
      ),
    )
    .addOption(
      new Option("--shard-count <n>", "number of shards with --shard auto (needed for Kubernetes)").argParser(
        positiveInt("--shard-count"),
      ),
    )
    .option(
      "--threads <n>",
      "judge CPU threads (default: 1 for judges under 400M parameters, else every math core)",
      positiveInt("--threads"),
    )
    .option("--gpu <backend>", GPU_FLAG_HELP, gpuFlag)
    .option("--cpu-build <build>", CPU_BUILD_FLAG_HELP, cpuBuildFlag)
    .option("--context-size <tokens>", CONTEXT_SIZE_FLAG_HELP, positiveInt("--context-size"))
    .option("-q, --quiet", "no progress output on stderr")
    .option(
      "--json",
      "print what was written (files, row counts) as JSON on stdout instead of the summary line",
    )
    .addHelpText(
      "after",
      `
Examples:
  $ ${run} generate docs/ --size 20 --llm ./judge.gguf --out testset.jsonl
  $ ${run} generate docs/ --size 20 --out testset.jsonl --resume        # continue after Ctrl-C or a crash
  $ ${run} generate docs/ --size 100 --shard auto --out "ts-{index}-of-{count}.jsonl"   # in a Slurm array
  $ ${run} generate --merge ts-*-of-4.jsonl --out testset.jsonl
  $ ${run} eval testset.jsonl --metrics ...                             # after filling in responses

Ctrl-C once: finish the row in flight, write it, exit 130; Ctrl-C twice: quit at once.
Exit codes: 0 ok; 1 fewer rows than --size (too many rejected); 2 bad usage or input; 130 interrupted (resume with --resume).`,
    )
    .action(async (documents: string[], flags: GenerateFlags) => runGenerate(documents, flags));
}
