import type { Cache } from "../cache/cache.js";
import type { CalibrationJudge } from "../calibrate/calibrate.js";
import { CachedLlm } from "../llm/cached-llm.js";
import type { Llm } from "../llm/types.js";
import { Jury } from "../metrics/jury/jury.js";
import type { JuryAggregate } from "../metrics/jury/verdict.js";
import type { Metric } from "../metrics/types.js";
import { judgeName, loadJuryJudges } from "./eval-jury.js";
import type { LoadedModels, ModelFlags } from "./eval-models.js";

/** The help of `calibrate --jury`. */
export const calibrateJuryHelp =
  "also calibrate the --llm judges (two or more) as a jury: each row's value is their majority, mean, median or min; every judge is loaded at once";

/** What `calibrate --jury` needs to load its judges. */
export interface CalibrationJury {
  aggregate: JuryAggregate;
  /** The model flags of the run (`--models-dir`, `--threads`, ...). */
  flags: Omit<ModelFlags, "llm">;
  /** The result cache, when on: each judge goes through it, so the jury's calls are the judges' cached answers. */
  cache: Cache | undefined;
  /** Receives each judge's models as soon as they load, for the caller to dispose of. */
  models: Partial<LoadedModels>[];
}

/**
 * `calibrate --jury`: loads every `--llm` judge at once and gives each judge's metric, then the jury over them
 * (named `jury (<aggregate> of <n>)`), as the judges to calibrate side by side. With the cache on, the jury's calls
 * are answered from the judges' own; without it each judge answers every row twice.
 *
 * @example
 * const judges = await juryCalibrationJudges(["a.gguf", "b.gguf"], build, { aggregate: "majority", flags, cache, models });
 */
export async function juryCalibrationJudges(
  judges: readonly string[],
  build: (llm: Llm) => Metric,
  jury: CalibrationJury,
): Promise<CalibrationJudge[]> {
  const loaded = await loadJuryJudges(judges, jury.flags, jury.models);
  const llms: Llm[] = loaded.map((llm) => (jury.cache ? new CachedLlm(llm, jury.cache) : llm));
  const names = judges.map(judgeName);
  const metrics = new Map(llms.map((llm) => [llm, build(llm)]));
  return [
    ...llms.map((llm, i) => ({ name: names[i]!, metric: metrics.get(llm)! })),
    {
      name: `jury (${jury.aggregate} of ${judges.length})`,
      metric: new Jury({
        metric: (llm) => metrics.get(llm)!,
        judges: llms,
        names,
        aggregate: jury.aggregate,
      }),
    },
  ];
}
