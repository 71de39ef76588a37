// Running the same `eval` command again on an `--out` file that already holds results: what a user expects is that
// the run continues (finished rows kept, nothing scored twice, reports written again), not an error asking for a flag.
import path from "node:path";
import { InvalidInputError } from "../errors.js";
import { NewerResultsFormatError } from "../results/line-reader.js";
import type { ResultsHeaderLine } from "../results/lines.js";
import { forEachResultsLineSync, resultsFileHasContent } from "../results/read-file.js";
import { realTarget } from "../util/real-path.js";

/** What `eval` does with its `--out` file. */
export interface OutDecision {
  /** Continue the file (`--resume` given, or the same command run again). */
  resume: boolean;
  /** The line to print when the file is continued without `--resume`, else undefined. */
  note?: string;
}

/** The metadata of the last run that wrote `file`, or undefined when it has no header. */
function lastRun(file: string): ResultsHeaderLine["metadata"] | undefined {
  let last: ResultsHeaderLine["metadata"] | undefined;
  forEachResultsLineSync(file, (line) => {
    if (line.type === "header") last = line.metadata;
  });
  return last;
}

/**
 * The same dataset file: the same absolute real path (`datasetPath`, recorded since runs record it), so the same
 * command run from another folder, whose relative path names another file, is another command. A file of an older
 * airgap-eval, without `datasetPath`, is compared by its recorded path resolved from here.
 */
function sameDataset(recorded: ResultsHeaderLine["metadata"], current: string | undefined): boolean {
  if (recorded.dataset === undefined || current === undefined) return recorded.dataset === current;
  if (recorded.datasetPath !== undefined) return recorded.datasetPath === realTarget(current);
  return path.resolve(recorded.dataset) === path.resolve(current);
}

/** The dataset a run read, in words: its path as given, and its absolute path when that tells two apart. */
function datasetWords(given: string | undefined, absolute: string | undefined): string {
  if (given === undefined) return "(none)";
  return absolute !== undefined && absolute !== given ? `${given} (${absolute})` : given;
}

/**
 * Why a run without `--metrics` adds metrics to the same dataset's file when they all need a local model (the
 * default set leaves out the metrics whose model is absent, so a model pulled since the last run adds them), and
 * what to do; undefined in every other case.
 */
function modelsArrived(
  run: { defaultSet?: boolean; needingModels?: readonly string[] },
  added: readonly string[],
  dropped: readonly string[],
  differences: readonly string[],
): string | undefined {
  const onlyAdded = dropped.length === 0 && differences.length === 1 && added.length > 0;
  if (!run.defaultSet || !onlyAdded || !added.every((id) => run.needingModels?.includes(id)))
    return undefined;
  return (
    ": without --metrics a run scores every metric whose model is on this machine, and their model is here now but " +
    "was not when the file was written. Score them into this file with --resume (the finished rows are kept; only " +
    "the added metrics run), start over with --overwrite, or choose another --out"
  );
}

/**
 * Decides whether `eval` continues its `--out` file. With `--resume` it does, and with `--overwrite` it starts over.
 * With neither, a file that holds results continues when it was written by the same command: the same dataset file
 * and the same metrics (their models, prompts and options are compared when the run starts, as for `--resume`, and a
 * difference stops it there). Otherwise it refuses, naming what differs and the flags that choose.
 *
 * @example
 * const { resume, note } = decideOut({ out: "r.jsonl", resume: false, overwrite: false, dataset: "data.jsonl", metrics: ["faithfulness"] });
 */
export function decideOut(run: {
  out: string;
  resume: boolean;
  overwrite: boolean;
  /** The dataset file of this run, as given. */
  dataset: string | undefined;
  /** The ids of the metrics this run scores. */
  metrics: readonly string[];
  /** True for a run without `--metrics` (the default set, which depends on the models on this machine). */
  defaultSet?: boolean;
  /** The metrics of this run that need a model on this machine (a judge, an embedder, a verifier). */
  needingModels?: readonly string[];
}): OutDecision {
  if (run.resume || run.overwrite || !resultsFileHasContent(run.out)) return { resume: run.resume };
  const choose = "continue it anyway with --resume, replace it with --overwrite, or choose another --out";
  let previous: ResultsHeaderLine["metadata"] | undefined;
  try {
    previous = lastRun(run.out);
  } catch (err) {
    // A newer format is named as such (with the airgap-eval that reads it), not as "not a results file".
    if (!(err instanceof InvalidInputError) || err instanceof NewerResultsFormatError) throw err;
    const refused = "is not an airgap-eval results file; replace it with --overwrite or choose another --out";
    throw new InvalidInputError(`${refused} (${err.message})`, { file: run.out }, { cause: err });
  }
  if (previous === undefined)
    throw new InvalidInputError(`holds no airgap-eval run; ${choose}`, { file: run.out });
  const differences: string[] = [];
  if (!sameDataset(previous, run.dataset)) {
    const now = run.dataset !== undefined ? realTarget(run.dataset) : undefined;
    differences.push(
      `dataset ${datasetWords(previous.dataset, previous.datasetPath)} -> ${datasetWords(run.dataset, now)}`,
    );
  }
  const before = Object.keys(previous.metrics);
  const added = run.metrics.filter((id) => !before.includes(id));
  const dropped = before.filter((id) => !run.metrics.includes(id));
  if (added.length > 0) differences.push(`this command adds metrics ${added.join(", ")}`);
  if (dropped.length > 0) differences.push(`this command leaves out metrics ${dropped.join(", ")}`);
  if (differences.length > 0) {
    throw new InvalidInputError(
      `already holds results of another command (${differences.join("; ")})${modelsArrived(run, added, dropped, differences) ?? `; ${choose}`}`,
      { file: run.out },
    );
  }
  return {
    resume: true,
    note: `airgap-eval: ${run.out} holds results of this command: continuing it (finished rows are kept, not scored again; --overwrite starts over)`,
  };
}
