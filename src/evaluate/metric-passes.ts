// Metrics that score in passes (`Metric.scoringPasses`: a jury whose judges are loaded one at a time) run their passes
// here, before `evaluate()` scores any row: pass 0 of every such metric, then pass 1, and so on, so a judge shared
// by several juries is loaded once per pass.
import type { Cache } from "../cache/cache.js";
import type { DatasetSample } from "../dataset/types.js";
import type { Sample } from "../metrics/types.js";
import type { MetricEntry } from "./plan.js";
import { createProgress, type ProgressMode, stopOnce } from "./progress.js";
import { callsMetric } from "./score-row.js";

/** A row with work left, as `evaluate()` reads it (see its `rowWork`). */
export interface PassRow {
  item: DatasetSample;
  rowHash: string;
  pending: readonly MetricEntry[];
}

/** What {@link runMetricPasses} needs from the run. */
export interface MetricPassRun {
  entries: readonly MetricEntry[];
  /** Reads the rows with work left, afresh on each call. */
  rows: () => AsyncIterable<PassRow>;
  cache: Cache | undefined;
  concurrency: number;
  signal: AbortSignal | undefined;
  /** Progress lines for each pass; none with a custom reporter. */
  progress: ProgressMode | undefined;
}

async function* samplesFor(run: MetricPassRun, entry: MetricEntry): AsyncGenerator<Sample> {
  for await (const { item, rowHash, pending } of run.rows()) {
    if (!pending.includes(entry)) continue;
    if (callsMetric(entry, run.cache, item.sample, rowHash, item.badCells)) yield item.sample;
  }
}

async function countOf(samples: AsyncIterable<Sample>): Promise<number> {
  let n = 0;
  for await (const _ of samples) n++;
  return n;
}

/**
 * Runs every pass of the metrics that have them, over the rows each will score (see `callsMetric`). Stops starting
 * rows when the signal aborts; the rows not passed are then scored one at a time by the metric's `score`.
 *
 * @example
 * await runMetricPasses({ entries: plan.entries, rows: () => rowWork(plan), cache, concurrency: 1, signal, progress: "auto" });
 */
export async function runMetricPasses(run: MetricPassRun): Promise<void> {
  const passing = run.entries.filter(
    (e) => e.metric.scoringPasses !== undefined && e.metric.scoringPasses.count > 0,
  );
  const passes = Math.max(0, ...passing.map((e) => e.metric.scoringPasses!.count));
  for (let pass = 0; pass < passes; pass++) {
    for (const entry of passing) {
      const metricPasses = entry.metric.scoringPasses!;
      if (pass >= metricPasses.count || run.signal?.aborted === true) continue;
      const total = await countOf(samplesFor(run, entry));
      if (total === 0) continue;
      const progress = stopOnce(
        createProgress(run.progress ?? "none", {
          activity: `${entry.metric.name}, pass ${pass + 1} of ${metricPasses.count} (${metricPasses.describe(pass)}):`,
        }),
      );
      let done = 0;
      progress.start(total, 0);
      // Ctrl-C: the pass's bar goes before the caller prints anything about stopping.
      const stopProgress = (): void => progress.stop();
      run.signal?.addEventListener("abort", stopProgress, { once: true });
      try {
        await metricPasses.run(pass, samplesFor(run, entry), {
          concurrency: run.concurrency,
          ...(run.signal !== undefined ? { signal: run.signal } : {}),
          onRow: () => progress.update(++done, 0),
        });
      } finally {
        run.signal?.removeEventListener("abort", stopProgress);
        progress.stop();
      }
    }
  }
}
