import type { Cache } from "../cache/cache.js";
import type { CalibrationJudge } from "../calibrate/calibrate.js";
import { CachedLlm } from "../llm/cached-llm.js";
import type { Llm } from "../llm/types.js";
import type { JudgeShelf } from "../metrics/jury/judge-shelf.js";
import { Jury } from "../metrics/jury/jury.js";
import type { JuryAggregate } from "../metrics/jury/verdict.js";
import type { Metric } from "../metrics/types.js";
import { numberedNames } from "../util/numbered-names.js";
import { type JuryLoading, judgeName, juryLoadingFor, juryShelf, loadJuryJudges } from "./eval-jury.js";
import { disposeModels, type LoadedModels, type ModelFlags } from "./eval-models.js";

/** The help of `calibrate --jury`. */
export const calibrateJuryHelp =
  "also calibrate the --llm judges (two or more) as a jury: each row's value is their majority, mean, median or min (--jury-loading says whether the judges are loaded at once or one at a time)";

/** What `calibrate --jury` needs to load its judges. */
export interface CalibrationJury {
  aggregate: JuryAggregate;
  /** The model flags of the run (`--models-dir`, `--threads`, ...). */
  flags: Omit<ModelFlags, "llm">;
  /** The result cache, when on: each judge goes through it, so the jury's calls are the judges' cached answers. */
  cache: Cache | undefined;
  /** `--jury-loading`: the judges all loaded at once, one at a time, or chosen by their size. */
  loading: JuryLoading;
  /** Receives how to free the judges, as soon as they load, for the caller to call once calibrated. */
  releases: (() => Promise<void>)[];
}

/**
 * `calibrate --jury`: loads the `--llm` judges (at once, or on a shelf one at a time: `--jury-loading`) and gives each
 * judge's metric, then the jury over them (named `jury (<aggregate> of <n>)`), as the judges to calibrate side by
 * side. With the cache on, the jury's calls are answered from the judges' own; without it each judge answers every
 * row twice.
 *
 * @example
 * const judges = await juryCalibrationJudges(["a.gguf", "b.gguf"], build, { aggregate: "majority", loading: "auto", flags, cache, releases });
 */
export async function juryCalibrationJudges(
  judges: readonly string[],
  build: (llm: Llm) => Metric,
  jury: CalibrationJury,
): Promise<CalibrationJudge[]> {
  const names = numberedNames(judges.map(judgeName));
  let shelf: JudgeShelf | undefined;
  let llms: readonly Llm[];
  if ((await juryLoadingFor(jury.loading, judges, jury.flags)) === "one-at-a-time") {
    const opened = await juryShelf(judges, jury.flags, jury.cache);
    jury.releases.push(() => opened.dispose());
    shelf = opened;
    llms = opened.judges;
  } else {
    const models: Partial<LoadedModels>[] = [];
    jury.releases.push(async () => {
      for (const loaded of models) await disposeModels(loaded);
    });
    const loaded = await loadJuryJudges(judges, jury.flags, models);
    llms = loaded.map((llm) => (jury.cache ? new CachedLlm(llm, jury.cache) : llm));
  }
  const metrics = new Map(llms.map((llm) => [llm, build(llm)]));
  return [
    ...llms.map((llm, i) => ({ name: names[i]!, metric: metrics.get(llm)! })),
    {
      name: `jury (${jury.aggregate} of ${judges.length})`,
      metric: new Jury({
        metric: (llm) => metrics.get(llm)!,
        judges: shelf ?? llms,
        names,
        aggregate: jury.aggregate,
      }),
    },
  ];
}
