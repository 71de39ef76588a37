// How many rows a decision needs, from one run: per metric the smallest detectable difference and the rows to
// detect a given one.
import { standardError } from "../math/mean-interval.js";
import { detectableDifference, type PowerOptions, rowsToDetect } from "../math/sample-size.js";
import { type ClusterColumn, clusterKey } from "../results/interval-tally.js";
import { formatScore } from "./format.js";
import { formatLevel } from "./interval-text.js";
import { alignColumns } from "./summary.js";
import { detailedView, type ReportInput } from "./views.js";

/** Options of {@link sampleSizes}. */
export interface SampleSizeOptions extends PowerOptions {
  /** A difference to detect: each metric then says how many rows detect it. Defaults to none. */
  detect?: number;
  /**
   * A column whose equal values make one cluster (as in the intervals): a sample field, or a dataset column the
   * results kept (`RowMetricRecord.columns`). Defaults to none.
   */
  clusterBy?: ClusterColumn;
}

/** One metric's sample-size figures. */
export interface MetricSampleSize {
  metric: string;
  /** Rows with a score. */
  scored: number;
  /** Clusters among them, when `clusterBy` was given. */
  clusters?: number;
  /** Standard error of the mean (cluster-robust with clusters); null below two rows or clusters. */
  standardError: number | null;
  /**
   * The smallest true difference between two runs' means this many rows detect at the level and power, assuming the
   * runs' scores are uncorrelated (the paired comparison of `report compare` detects less when they correlate).
   */
  detectable: number | null;
  /** Rows needed to detect `detect`, when it was given; null when the standard error is unknown. */
  rowsNeeded?: number | null;
}

/**
 * Per metric of a run: rows scored, the standard error of the mean, the smallest difference between two runs of
 * this size detectable at `level` with `power` (two-sided, normal approximation: (z_{1−α/2} + z_power) · √2 · SE),
 * and, with `detect`, the rows that detect that difference (the error shrinks as 1/√rows).
 *
 * @example
 * sampleSizes(loadResults("results.jsonl"), { detect: 0.05 }); // [{ metric: "faithfulness", scored: 200, detectable: 0.071, rowsNeeded: 404, ... }]
 */
export function sampleSizes(input: ReportInput, options: SampleSizeOptions = {}): MetricSampleSize[] {
  const view = detailedView(input);
  return view.metrics.map((metric) => {
    const scored = view.rows.filter(
      (r) => r.metrics[metric]?.status === "ok" && typeof r.metrics[metric]?.value === "number",
    );
    const values = scored.map((r) => r.metrics[metric]!.value as number);
    const clusters =
      options.clusterBy === undefined
        ? undefined
        : scored.map((r) => clusterKey(r, options.clusterBy!, r.row));
    const se = values.length < 2 ? null : standardError(values, clusters);
    // Two runs' means, uncorrelated: the difference's error is √2 times one mean's.
    const differenceError = se === null ? null : Math.SQRT2 * se;
    const out: MetricSampleSize = {
      metric,
      scored: values.length,
      ...(clusters !== undefined ? { clusters: new Set(clusters).size } : {}),
      standardError: se,
      detectable: differenceError === null ? null : detectableDifference(differenceError, options),
    };
    if (options.detect !== undefined) {
      out.rowsNeeded =
        differenceError === null
          ? null
          : rowsToDetect(options.detect, differenceError, values.length, options);
    }
    return out;
  });
}

/**
 * {@link sampleSizes} as an aligned table with a line saying what the figures assume.
 *
 * @example
 * process.stdout.write(formatSampleSizes(sampleSizes(run, { detect: 0.05 }), { detect: 0.05 }));
 */
export function formatSampleSizes(
  sizes: readonly MetricSampleSize[],
  options: SampleSizeOptions = {},
): string {
  const level = formatLevel(options.level ?? 0.95);
  const power = formatLevel(options.power ?? 0.8);
  const clustered = sizes.some((s) => s.clusters !== undefined);
  const header = ["metric", "scored", ...(clustered ? ["clusters"] : []), "std error", "detectable"];
  if (options.detect !== undefined) header.push(`rows for ${options.detect}`);
  const rows = sizes.map((s) => [
    s.metric,
    String(s.scored),
    ...(clustered ? [String(s.clusters ?? "-")] : []),
    formatScore(s.standardError, 4),
    formatScore(s.detectable),
    ...(options.detect !== undefined ? [s.rowsNeeded == null ? "-" : String(s.rowsNeeded)] : []),
  ]);
  const lines = alignColumns(
    [header, ...rows],
    header.map((_, i) => i > 0),
  );
  lines.push(
    `detectable: the smallest true difference between two runs' means that this many rows detect at ${level} confidence with ${power} power (two-sided), taking the runs' scores as uncorrelated; ` +
      "runs of one system on the same rows correlate, and report compare's paired test then detects less.",
  );
  if (options.detect !== undefined) {
    lines.push(
      `rows for ${options.detect}: the ${clustered ? "rows (clusters as large as these)" : "rows"} that detect a difference of ${options.detect} the same way.`,
    );
  }
  return `${lines.join("\n")}\n`;
}
