import { statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Option } from "commander";
import type { Cache } from "../cache/cache.js";
import { InvalidInputError } from "../errors.js";
import { CachedLlm } from "../llm/cached-llm.js";
import type { LlamaCppLlm } from "../llm/llama-cpp-llm.js";
import type { Llm } from "../llm/types.js";
import { JudgeShelf } from "../metrics/jury/judge-shelf.js";
import { Jury } from "../metrics/jury/jury.js";
import { type JuryAggregate, juryAggregates } from "../metrics/jury/verdict.js";
import type { Metric } from "../metrics/types.js";
import {
  disposeModels,
  type LoadedModels,
  loadEvalModels,
  locateEvalModels,
  type ModelFlags,
} from "./eval-models.js";

/**
 * `--jury <aggregate>`: the `--llm` judges become a jury of each judge metric.
 *
 * @example
 * command.addOption(juryOption());
 */
export function juryOption(
  help = "make the --llm judges (two or more) a jury: every judge metric runs on each judge and the row's value is their majority, mean, median or min; results record each judge's value, and the summary the judges' agreement (Krippendorff's α, Fleiss' κ for majority)",
): Option {
  return new Option("--jury <aggregate>", help).choices(juryAggregates);
}

/**
 * The judges `--llm` names, checked against `--jury`: several judges need `--jury`, and `--jury` needs several.
 *
 * @example
 * juryJudges(["a.gguf", "b.gguf"], "mean"); // ["a.gguf", "b.gguf"]
 */
export function juryJudges(llm: readonly string[], jury: JuryAggregate | undefined): string[] {
  if (jury === undefined && llm.length > 1) {
    throw new InvalidInputError(
      `${llm.length} --llm judges given without --jury: add --jury <${juryAggregates.join("|")}> to run them as a jury, or give one --llm`,
    );
  }
  if (jury !== undefined && llm.length < 2) {
    throw new InvalidInputError(
      `--jury ${jury} needs two or more judges; give each one with --llm <file.gguf | registry id> (got ${llm.length})`,
    );
  }
  return [...llm];
}

/** A judge's name in results: a file's base name, a registry id as it is. */
export function judgeName(judge: string): string {
  return judge.toLowerCase().endsWith(".gguf") ? path.basename(judge) : judge;
}

/**
 * The run's metrics with every judge metric made a jury of `judges`: `build(llm)` gives the run's metrics on one
 * judge, in the same order for each; a metric that needs no judge is taken from the first judge's build.
 *
 * @example
 * const metrics = juryMetrics((llm) => [new Faithfulness({ llm })], [a, b], ["a.gguf", "b.gguf"], "mean");
 */
export function juryMetrics(
  build: (llm: Llm) => Metric[],
  judges: readonly Llm[] | JudgeShelf,
  names: readonly string[],
  aggregate: JuryAggregate,
): Metric[] {
  const llms = judges instanceof JudgeShelf ? judges.judges : judges;
  const byJudge = new Map(llms.map((llm) => [llm, build(llm)]));
  const first = byJudge.get(llms[0]!)!;
  return first.map((metric, i) =>
    metric.needsLlm && metric.llm !== undefined
      ? new Jury({ metric: (llm) => byJudge.get(llm)![i]!, judges, names, aggregate })
      : metric,
  );
}

/**
 * Loads the jury's other judges (after the first, which the run loads as its judge), one `LoadedModels` each pushed
 * on `into` as soon as it is loaded, so the caller disposes of them even when a later one fails.
 */
export async function loadJuryJudges(
  judges: readonly string[],
  flags: ModelFlags,
  into: Partial<LoadedModels>[],
): Promise<LlamaCppLlm[]> {
  const loaded: LlamaCppLlm[] = [];
  for (const judge of judges) {
    const models: Partial<LoadedModels> = {};
    into.push(models);
    const { llm } = await loadEvalModels({ ...flags, llm: judge }, { llm: true, embeddings: false }, models);
    if (llm === undefined) throw new InvalidInputError(`jury judge ${judge} could not be loaded`);
    loaded.push(llm);
  }
  return loaded;
}

/** How `--jury-loading` keeps the judges in memory. */
export const juryLoadings = ["auto", "together", "one-at-a-time"] as const;
export type JuryLoading = (typeof juryLoadings)[number];

/**
 * `--jury-loading <mode>`: whether a jury's judges are all loaded for the run or one at a time.
 *
 * @example
 * command.addOption(juryLoadingOption());
 */
export function juryLoadingOption(): Option {
  return new Option(
    "--jury-loading <mode>",
    "how the --jury judges stay in memory: together (all loaded for the run; each row scored by every judge), one-at-a-time (every row scored by the first judge, then by the next, each loaded in turn), or auto: one-at-a-time when the judges' model files together exceed half the free memory",
  )
    .choices(juryLoadings)
    .default("auto");
}

/**
 * The loading `--jury-loading auto` picks: one at a time when the judges' model files together (every file of each,
 * a split GGUF's parts included) are larger than half the memory free now (`os.freemem()`), else together; it says
 * so with `notice` (stderr) when it picks one at a time. Other modes are kept.
 *
 * @example
 * await juryLoadingFor("auto", ["a.gguf", "b.gguf"], flags); // "together" on a machine with room for both
 */
export async function juryLoadingFor(
  mode: JuryLoading,
  judges: readonly string[],
  flags: ModelFlags,
  freeBytes: number = os.freemem(),
  notice: (message: string) => void = (m) => process.stderr.write(`airgap-eval: ${m}\n`),
): Promise<"together" | "one-at-a-time"> {
  if (mode !== "auto") return mode;
  let total = 0;
  for (const judge of judges) {
    const { llm, namedModelError } = await locateEvalModels(
      { ...flags, llm: judge },
      { llm: true, embeddings: false },
    );
    // A judge that cannot be found fails when it is loaded, with its own message.
    if (namedModelError !== undefined || llm === undefined) return "together";
    for (const file of llm.files) total += statSync(file.absolutePath).size;
  }
  if (total <= freeBytes / 2) return "together";
  const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GiB`;
  notice(
    `the jury's judges take turns (--jury-loading auto): their files (${gib(total)}) exceed half the free memory (${gib(freeBytes)}); --jury-loading together keeps them all loaded`,
  );
  return "one-at-a-time";
}

/**
 * The jury's judges on a shelf that keeps one loaded at a time (`--jury-loading one-at-a-time`): each loaded with the
 * run's model flags, through the cache when it is on.
 *
 * @example
 * await using shelf = await juryShelf(["a.gguf", "b.gguf"], flags, cache);
 */
export function juryShelf(
  judges: readonly string[],
  flags: ModelFlags,
  cache: Cache | undefined,
): Promise<JudgeShelf> {
  return JudgeShelf.open(
    judges.map((judge) => ({
      name: judgeName(judge),
      load: async () => {
        const models: Partial<LoadedModels> = {};
        try {
          const { llm } = await loadEvalModels(
            { ...flags, llm: judge },
            { llm: true, embeddings: false },
            models,
          );
          if (llm === undefined) throw new InvalidInputError(`jury judge ${judge} could not be loaded`);
          return { llm: cache ? new CachedLlm(llm, cache) : llm, dispose: () => disposeModels(models) };
        } catch (error) {
          await disposeModels(models);
          throw error;
        }
      },
    })),
  );
}
