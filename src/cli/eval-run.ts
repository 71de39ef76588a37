import path from "node:path";
import { Cache } from "../cache/cache.js";
import { defaultCachePath } from "../cache/default-path.js";
import type { DatasetSource } from "../dataset/stream.js";
import { CachedEmbeddings } from "../embeddings/cached-embeddings.js";
import type { Embeddings } from "../embeddings/types.js";
import { evaluate } from "../evaluate/evaluate.js";
import { CachedLlm } from "../llm/cached-llm.js";
import type { Llm } from "../llm/types.js";
import type { JudgeShelf } from "../metrics/jury/judge-shelf.js";
import type { Metric } from "../metrics/types.js";
import { VERIFIED_MEMO_NAME } from "../models/verified-files.js";
import type { EvalFlags } from "./eval-flags.js";
import { judgeName, juryLoadingFor, juryMetrics, juryShelf, loadJuryJudges } from "./eval-jury.js";
import { disposeModels, type LoadedModels, type LocatedModels, loadLocatedModels } from "./eval-models.js";
import type { EvalRun } from "./eval-output.js";
import type { EvalSelection } from "./eval-selection.js";
import { intervalOptions } from "./interval-flags.js";
import { countLongTexts } from "./long-text-notice.js";
import { createMetric, type MetricId, needsModel } from "./metric-factory.js";
import { createDefinedMetrics } from "./metric-file.js";
import { RowWarningCounts } from "./row-warnings-notice.js";

/** The metrics an `eval` run runs, once the dataset is checked. */
export interface EvalMetrics extends EvalSelection {
  /** The built-in metrics: `--metrics`, else the default set for the dataset. */
  ids: MetricId[];
  /** The models they and the `--metric-file` metrics need. */
  needs: { llm: boolean; embeddings: boolean };
  /** `--metric-option` values by metric. */
  metricOptions: Map<string, Record<string, unknown>>;
  /** The models found on disk for the metrics, or why a default one is absent (see `locateRunModels`). */
  located: LocatedModels;
}

/**
 * Loads the models of an `eval` run (and its result cache), runs `evaluate` on the dataset and
 * disposes of the models. A metric whose default model is absent is skipped, naming the model's full
 * "not on this machine" message once; records go to `--out` only.
 */
export async function evaluateWithModels(
  dataset: DatasetSource,
  flags: EvalFlags,
  metricsToRun: EvalMetrics,
  signal: AbortSignal,
): Promise<EvalRun> {
  const { ids, custom, needs, metricOptions, located } = metricsToRun;
  const models: Partial<LoadedModels> = {};
  const juryModels: Partial<LoadedModels>[] = [];
  let shelf: JudgeShelf | undefined;
  let cache: Cache | undefined;
  // Long texts listed in the details of the records written this run (the records are not kept).
  let longTexts = 0;
  const warnings = new RowWarningCounts();
  try {
    const verifiedMemoFile = path.join(
      path.dirname(flags.cacheFile ?? defaultCachePath()),
      VERIFIED_MEMO_NAME,
    );
    // Only the models the metrics left in the run need are loaded (a judge whose metrics were all left out is not).
    const { llm: judge, embeddings: encoder, ...absent } = located;
    // A jury's judges kept one at a time are loaded by their shelf, the first one included.
    const juryLoading =
      flags.jury !== undefined && needs.llm && judge !== undefined
        ? await juryLoadingFor(flags.juryLoading, flags.judges, { ...flags, verifiedMemoFile })
        : undefined;
    const toLoad: LocatedModels = {
      ...absent,
      ...(needs.llm && judge !== undefined && juryLoading !== "one-at-a-time" ? { llm: judge } : {}),
      ...(needs.embeddings && encoder !== undefined ? { embeddings: encoder } : {}),
    };
    const loaded = await loadLocatedModels({ ...flags, verifiedMemoFile }, toLoad, models);
    for (const note of loaded.notes) {
      const skipped = [
        ...ids.filter((id) => needsModel(id, note, metricOptions.get(id))),
        ...custom.filter((c) => needsModel(c.kind, note)).map((c) => c.id),
      ].join(", ");
      if (skipped !== "") process.stderr.write(`airgap-eval: skipping ${skipped}:\n${note.message}\n`);
    }
    cache = flags.cache ? Cache.open({ path: flags.cacheFile }) : undefined;
    const llm: Llm | undefined = loaded.llm && cache ? new CachedLlm(loaded.llm, cache) : loaded.llm;
    // Embeddings go straight to the encoder, not through BatchingEmbeddings: on CPU the padding of
    // merged batches costs more than the per-call overhead it saves.
    const embeddings: Embeddings | undefined =
      loaded.embeddings && cache ? new CachedEmbeddings(loaded.embeddings, cache) : loaded.embeddings;
    const build = (judge: Llm | undefined): Metric[] => [
      ...ids.map((id) => createMetric(id, { ...loaded, llm: judge, embeddings }, metricOptions.get(id))),
      ...createDefinedMetrics(custom, { ...loaded, llm: judge, embeddings }),
    ];
    // With --jury each judge metric becomes a jury: together, the other --llm judges load too (after the first);
    // one at a time, a shelf holds them all and evaluate() scores every row with each judge in turn.
    let metrics: Metric[];
    if (flags.jury === undefined || juryLoading === undefined) metrics = build(llm);
    else if (juryLoading === "one-at-a-time") {
      shelf = await juryShelf(flags.judges, { ...flags, verifiedMemoFile }, cache);
      metrics = juryMetrics(build, shelf, flags.judges.map(judgeName), flags.jury);
    } else {
      const others = await loadJuryJudges(flags.judges.slice(1), { ...flags, verifiedMemoFile }, juryModels);
      metrics = juryMetrics(
        build,
        [llm!, ...others.map((other) => (cache ? new CachedLlm(other, cache) : other))],
        flags.judges.map(judgeName),
        flags.jury,
      );
    }
    const result = await evaluate(dataset, metrics, {
      onRecord: (record) => {
        longTexts += countLongTexts([record.result]);
        warnings.add(record);
      },
      out: flags.out,
      resume: flags.resume,
      overwrite: flags.overwrite,
      cache: cache ?? false,
      concurrency: flags.concurrency,
      progress: flags.quiet ? "none" : "auto",
      strict: flags.strict,
      signal,
      // Records go to --out only: memory stays flat however many rows (reports read the file).
      keepRecords: false,
      intervals: intervalOptions(flags),
      ...(flags.verify ? {} : { recordOptions: { verify: false } }),
    });
    return { result, cache, embeddings: models.embeddings, longTexts, warnings };
  } finally {
    await disposeModels(models);
    for (const judge of juryModels) await disposeModels(judge);
    await shelf?.dispose();
    cache?.close();
  }
}
