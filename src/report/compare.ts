import { standardError } from "../math/mean-interval.js";
import { type PairedDifference, pairedDifference } from "../math/paired-difference.js";
import { detectableDifference, rowsToDetect } from "../math/sample-size.js";
import type { MetricConfig, MetricStatus } from "../metrics/types.js";
import {
  type AggregateIntervalOptions,
  type ClusterColumn,
  clusterKey,
  namedClusters,
} from "../results/interval-tally.js";
import type { MetricAggregate, RunMetadata } from "../results/types.js";
import { builtInValueRange, recordedValueRange } from "../results/value-range.js";
import type { JudgedComparison } from "./judged-types.js";
import { runDifferences } from "./run-differences.js";
import { aggregatedView, detailedView, type ReportInput, type ReportRow, reportData } from "./views.js";

/** Options for {@link compareRuns}. */
export interface CompareOptions {
  /** Label of the first (baseline) run. Defaults to `"a"`. */
  labelA?: string;
  /** Label of the second (candidate) run. Defaults to `"b"`. */
  labelB?: string;
  /**
   * The results files' names as reports show them next to the labels (a file name, not a path), e.g.
   * `{ a: "baseline.jsonl", b: "candidate.jsonl" }`. Defaults to none.
   */
  files?: { a: string; b: string };
  /**
   * How rows of the two runs are paired: `userInput` (same question), `row` (same position in the dataset),
   * `rowHash` (identical row content: any change to a response unpairs the row), or `auto`, which pairs by
   * `userInput` when every row of both runs has one and no run repeats one, and by position otherwise: comparing
   * two versions of a system on one dataset pairs every question, whatever the responses became.
   * Defaults to `"auto"`.
   */
  matchBy?: "auto" | CompareKey;
  /** Per-row deltas with an absolute value at most this are counted as unchanged. Defaults to `1e-9`. */
  epsilon?: number;
  /**
   * How the paired difference's interval and test are made: confidence `level` (also the significance level,
   * 1 − level), clusters (`clusterBy`, a sample field or a dataset column the results kept; clusters are resampled and sign-flipped whole), bootstrap
   * `resamples` and `seed`, and `method`: `t` (Student t on the deltas) or `bootstrap` (paired bootstrap) forces
   * that interval, `auto` (or `wilson`, which does not apply to differences) takes the t-interval below 30 paired
   * rows (or clusters) and the paired bootstrap from there. Defaults to 95%, method `auto`, 1000 resamples with seed
   * 20240601, no clusters.
   */
  intervals?: AggregateIntervalOptions;
  /** Sign flips of the permutation test (all of them when 2^rows is at most this). Defaults to 10000. */
  permutations?: number;
  /** Power at which {@link MetricComparison.detectable} and {@link MetricComparison.rowsToDetect} are computed. Defaults to 0.8. */
  power?: number;
  /**
   * A difference on the metrics' scale (e.g. 0.05): each metric then gives the paired rows needed to detect it
   * ({@link MetricComparison.rowsToDetect}). Defaults to none.
   */
  detect?: number;
}

/** What pairs a row of one run with a row of the other; see {@link CompareOptions.matchBy}. */
export type CompareKey = "userInput" | "row" | "rowHash";

/** One metric on one paired row. `delta` is `b - a` when both are numbers. */
export interface ComparedCell {
  a: number | null;
  b: number | null;
  /** Status in run a; undefined when the metric did not run there. */
  statusA?: MetricStatus;
  /** Status in run b; undefined when the metric did not run there. */
  statusB?: MetricStatus;
  /** `b - a`, or null when either side has no number. */
  delta: number | null;
}

/** A row present in both runs. */
export interface ComparedRow {
  /** Row index in run a. */
  rowA: number;
  /** Row index in run b. */
  rowB: number;
  /** Row hash (from run a; the same as run b's when matched by hash). */
  rowHash: string;
  /** The question, to name the row in reports. */
  userInput?: string;
  /** The response in run a, when the row has one. */
  responseA?: string;
  /** The response in run b, when the row has one. */
  responseB?: string;
  /** Per metric id. */
  metrics: Record<string, ComparedCell>;
}

/** A row present in one run only. */
export interface UnpairedRow {
  row: number;
  rowHash: string;
  userInput?: string;
}

/** Aggregates of one metric in both runs, with deltas. */
export interface MetricComparison {
  metric: string;
  /** Aggregate in run a; null when the metric is not in run a. */
  a: MetricAggregate | null;
  /** Aggregate in run b; null when the metric is not in run b. */
  b: MetricAggregate | null;
  /** `b.mean - a.mean` over each run's own ok rows; null when either mean is null. */
  meanDelta: number | null;
  /** Paired rows with a number on both sides. */
  pairedCount: number;
  /** Mean of the per-row deltas over those paired rows; null when there are none. */
  pairedMeanDelta: number | null;
  /**
   * The paired difference over those rows: its interval (paired bootstrap), the permutation test's p-value and
   * whether the difference is significant at the comparison's level; null when no row is paired.
   */
  difference: PairedDifference | null;
  /**
   * The smallest true paired mean difference a comparison of this many rows detects at the comparison's level with
   * power {@link CompareOptions.power}, from the spread of these deltas; null below two rows (or clusters).
   */
  detectable: number | null;
  /**
   * The paired rows a comparison needs to detect a true difference of {@link CompareOptions.detect} at the same
   * level and power, when the deltas spread as these do; null without `detect`, or below two rows (or clusters).
   */
  rowsToDetect: number | null;
  /** The difference `rowsToDetect` is for ({@link CompareOptions.detect}), when given. */
  detect?: number;
  /** Paired rows whose value went up by more than epsilon. */
  improved: number;
  /** Paired rows whose value went down by more than epsilon. */
  regressed: number;
  /** Paired rows whose value changed by at most epsilon. */
  unchanged: number;
  /** True when the metric's configuration hash (models, prompts, options) differs between the runs. */
  configChanged: boolean;
}

/** The comparative view of two runs. */
export interface Comparison {
  labels: { a: string; b: string };
  /** The results files' names ({@link CompareOptions.files}), when given. */
  files?: { a: string; b: string };
  /** How the rows were paired. */
  matchedBy: CompareKey;
  metrics: MetricComparison[];
  /** Rows present in both runs, in run a's order. */
  rows: ComparedRow[];
  /** Rows only in run a. */
  onlyInA: UnpairedRow[];
  /** Rows only in run b. */
  onlyInB: UnpairedRow[];
  metadata: { a: RunMetadata; b: RunMetadata };
  /**
   * How the runs were made differently, in words ({@link runDifferences}): machine, runtime versions, each model's
   * settings (the judge's llama.cpp CPU build among them) and speed settings (threads). Empty when alike.
   */
  runDifferences: string[];
  /** `report compare --judge`: which run's response the judge found better on each paired row. Defaults to none. */
  judged?: JudgedComparison;
}

/**
 * Compares two runs side by side: pairs rows by question (falling back to the row position; see
 * {@link CompareOptions.matchBy}), and gives per-row
 * and aggregate deltas (`b - a`) plus the rows found in only one run.
 *
 * @example
 * const comparison = compareRuns(await loadResults("before.jsonl"), await loadResults("after.jsonl"), {
 *   labelA: "before",
 *   labelB: "after",
 * });
 * console.log(comparisonToMarkdown(comparison));
 */
export function compareRuns(
  inputA: ReportInput,
  inputB: ReportInput,
  options: CompareOptions = {},
): Comparison {
  const a = reportData(inputA);
  const b = reportData(inputB);
  const epsilon = options.epsilon ?? 1e-9;
  const viewA = detailedView(a);
  const viewB = detailedView(b);
  const matchedBy = chooseMatch(options.matchBy ?? "auto", viewA.rows, viewB.rows);

  const keyed = (rows: ReportRow[]): Map<string, ReportRow> => {
    const seen = new Map<string, number>();
    const out = new Map<string, ReportRow>();
    for (const row of rows) {
      const base = keyOf(row, matchedBy);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      // Rows with the same key (identical rows, a repeated question) pair up in order of appearance.
      out.set(`${base}#${n}`, row);
    }
    return out;
  };
  const byKeyA = keyed(viewA.rows);
  const byKeyB = keyed(viewB.rows);

  const metrics = unique([...viewA.metrics, ...viewB.metrics]);
  const { clusterBy, method, valueRanges, ...intervalSettings } = options.intervals ?? {};
  const rowOfA = new Map<number, ReportRow>();
  const rows: ComparedRow[] = [];
  const onlyInA: UnpairedRow[] = [];
  for (const [key, rowA] of byKeyA) {
    const rowB = byKeyB.get(key);
    if (!rowB) {
      onlyInA.push(unpaired(rowA));
      continue;
    }
    rowOfA.set(rowA.row, rowA);
    const cells: Record<string, ComparedCell> = {};
    for (const metric of metrics) {
      const ca = rowA.metrics[metric];
      const cb = rowB.metrics[metric];
      if (!ca && !cb) continue;
      const va = ca?.value ?? null;
      const vb = cb?.value ?? null;
      const cell: ComparedCell = {
        a: va,
        b: vb,
        delta: isNum(va) && isNum(vb) && ca?.status === "ok" && cb?.status === "ok" ? vb - va : null,
      };
      if (ca) cell.statusA = ca.status;
      if (cb) cell.statusB = cb.status;
      cells[metric] = cell;
    }
    const row: ComparedRow = { rowA: rowA.row, rowB: rowB.row, rowHash: rowA.rowHash, metrics: cells };
    const question = rowA.sample.userInput ?? rowB.sample.userInput;
    if (question !== undefined) row.userInput = question;
    if (rowA.sample.response !== undefined) row.responseA = rowA.sample.response;
    if (rowB.sample.response !== undefined) row.responseB = rowB.sample.response;
    rows.push(row);
  }
  const onlyInB = [...byKeyB].filter(([key]) => !byKeyA.has(key)).map(([, row]) => unpaired(row));

  const aggA = new Map(aggregatedView(a).map((g) => [g.metric, g]));
  const aggB = new Map(aggregatedView(b).map((g) => [g.metric, g]));
  const metricComparisons = metrics.map((metric): MetricComparison => {
    const ga = aggA.get(metric) ?? null;
    const gb = aggB.get(metric) ?? null;
    const paired = rows.filter((r) => isNum(r.metrics[metric]?.delta));
    const deltas = paired.map((r) => r.metrics[metric]!.delta!);
    const pairedMeanDelta = deltas.length > 0 ? deltas.reduce((s, d) => s + d, 0) / deltas.length : null;
    const clusters =
      clusterBy === undefined
        ? undefined
        : paired.map((r) => clusterKey(rowOfA.get(r.rowA), clusterBy, r.rowA));
    const range = differenceRange(metric, valueRanges, a.metadata?.metrics?.[metric]);
    const settings = {
      ...intervalSettings,
      ...(range !== undefined ? { range } : {}),
      ...(method === "t" || method === "bootstrap" ? { method } : {}),
      ...(clusters !== undefined ? { clusters } : {}),
      ...(options.permutations !== undefined ? { permutations: options.permutations } : {}),
    };
    const difference =
      deltas.length === 0
        ? null
        : withNamedClusters(
            pairedDifference(
              paired.map((r) => r.metrics[metric]!.a!),
              paired.map((r) => r.metrics[metric]!.b!),
              settings,
            ),
            clusterBy,
          );
    const se = deltas.length === 0 ? null : standardError(deltas, clusters);
    const power = { level: intervalSettings.level ?? 0.95, power: options.power ?? 0.8 };
    const hashA = a.metadata?.metrics?.[metric]?.configHash;
    const hashB = b.metadata?.metrics?.[metric]?.configHash;
    return {
      metric,
      a: ga,
      b: gb,
      meanDelta: isNum(ga?.mean) && isNum(gb?.mean) ? gb.mean - ga.mean : null,
      pairedCount: deltas.length,
      pairedMeanDelta,
      difference,
      detectable: se === null ? null : detectableDifference(se, power),
      rowsToDetect:
        se === null || options.detect === undefined
          ? null
          : rowsToDetect(options.detect, se, deltas.length, power),
      ...(options.detect !== undefined ? { detect: options.detect } : {}),
      improved: deltas.filter((d) => d > epsilon).length,
      regressed: deltas.filter((d) => d < -epsilon).length,
      unchanged: deltas.filter((d) => Math.abs(d) <= epsilon).length,
      configChanged: hashA !== undefined && hashB !== undefined && hashA !== hashB,
    };
  });

  return {
    labels: { a: options.labelA ?? "a", b: options.labelB ?? "b" },
    ...(options.files !== undefined ? { files: { ...options.files } } : {}),
    matchedBy,
    metrics: metricComparisons,
    rows,
    onlyInA,
    onlyInB,
    metadata: { a: a.metadata, b: b.metadata },
    runDifferences: runDifferences(a.metadata, b.metadata),
  };
}

function keyOf(row: ReportRow, key: CompareKey): string {
  if (key === "rowHash") return row.rowHash;
  if (key === "userInput") return row.sample.userInput ?? "";
  return String(row.row);
}

function chooseMatch(requested: "auto" | CompareKey, a: ReportRow[], b: ReportRow[]): CompareKey {
  if (requested !== "auto") return requested;
  const uniqueQuestions = (rows: ReportRow[]) => {
    const questions = rows.map((r) => r.sample.userInput);
    return (
      questions.every((q) => typeof q === "string" && q !== "") && new Set(questions).size === rows.length
    );
  };
  return uniqueQuestions(a) && uniqueQuestions(b) ? "userInput" : "row";
}

function unpaired(row: ReportRow): UnpairedRow {
  const out: UnpairedRow = { row: row.row, rowHash: row.rowHash };
  if (row.sample.userInput !== undefined) out.userInput = row.sample.userInput;
  return out;
}

function isNum(v: number | null | undefined): v is number {
  return typeof v === "number" && Number.isFinite(v);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** `difference` with its interval's cluster column named ({@link namedClusters}). */
function withNamedClusters(
  difference: PairedDifference,
  column: ClusterColumn | undefined,
): PairedDifference {
  return { ...difference, interval: namedClusters(difference.interval, column) };
}

/**
 * The range a paired difference of `metric` can take, `[min − max, max − min]` of the metric's own range (the one
 * `valueRanges` gives, else the one its recorded configuration states); undefined when that is not known.
 */
function differenceRange(
  metric: string,
  valueRanges: AggregateIntervalOptions["valueRanges"],
  config: MetricConfig | undefined,
): readonly [number, number] | undefined {
  const range =
    valueRanges !== undefined && Object.hasOwn(valueRanges, metric)
      ? valueRanges[metric]
      : (recordedValueRange(config) ?? builtInValueRange(metric));
  return range === undefined ? undefined : [range[0] - range[1], range[1] - range[0]];
}
