import path from "node:path";
import { Cache } from "../cache/cache.js";
import { defaultCachePath } from "../cache/default-path.js";
import type { DatasetSource } from "../dataset/stream.js";
import { CachedEmbeddings } from "../embeddings/cached-embeddings.js";
import type { Embeddings } from "../embeddings/types.js";
import { InvalidInputError } from "../errors.js";
import { evaluate } from "../evaluate/evaluate.js";
import { CachedLlm } from "../llm/cached-llm.js";
import type { Llm } from "../llm/types.js";
import { VERIFIED_MEMO_NAME } from "../models/verified-files.js";
import { withoutMissingModels } from "./default-metrics.js";
import type { EvalFlags } from "./eval-flags.js";
import { disposeModels, type LoadedModels, loadEvalModels } from "./eval-models.js";
import type { EvalRun } from "./eval-output.js";
import type { EvalSelection } from "./eval-selection.js";
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
}

/**
 * Loads the models of an `eval` run (and its result cache), runs `evaluate` on the dataset and
 * disposes of the models. A default metric whose default model is not on this machine is left out
 * with one note; records go to `--out` only.
 */
export async function evaluateWithModels(
  dataset: DatasetSource,
  flags: EvalFlags,
  metricsToRun: EvalMetrics,
  signal: AbortSignal,
): Promise<EvalRun> {
  const { requested, named, custom, needs, metricOptions } = metricsToRun;
  let ids = metricsToRun.ids;
  const models: Partial<LoadedModels> = {};
  let cache: Cache | undefined;
  // Long texts listed in the details of the records written this run (the records are not kept).
  let longTexts = 0;
  const warnings = new RowWarningCounts();
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
        ...custom.filter((c) => needsModel(c.kind, note.kind)).map((c) => c.id),
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
      ...createDefinedMetrics(custom, { ...loaded, llm, embeddings }),
    ];
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
      ...(flags.verify ? {} : { recordOptions: { verify: false } }),
    });
    return { result, cache, embeddings: models.embeddings, longTexts, warnings };
  } finally {
    await disposeModels(models);
    cache?.close();
  }
}
