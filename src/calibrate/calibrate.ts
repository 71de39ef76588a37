import type { Cache } from "../cache/cache.js";
import type { LabelKind } from "../datasets/converters/types.js";
import { InvalidInputError } from "../errors.js";
import { evaluate } from "../evaluate/evaluate.js";
import type { ProgressMode, ProgressReporter } from "../evaluate/progress.js";
import { DEFAULT_BOOTSTRAP_SEED, DEFAULT_RESAMPLES } from "../math/bootstrap.js";
import type { MetricResult } from "../metrics/types.js";
import { type BandRow, bandRowOf, proposeCascadeBand } from "./band.js";
import { computeBaselines } from "./baselines.js";
import { computeFigures, type FigureOptions } from "./figures.js";
import { describeInvalid, type LabelledSet, type LoadLabelledOptions, loadLabelled } from "./labelled.js";
import { resolveScale, scaleWarnings } from "./score-range.js";
import { calibrateStatements } from "./statements.js";
import type { BaselineCalibration, CalibrationJudge, Disagreement, JudgeCalibration } from "./types.js";

export type { BaselineCalibration, CalibrationJudge, Disagreement, JudgeCalibration };

/** Options of {@link calibrate}. */
export interface CalibrateOptions extends FigureOptions, LoadLabelledOptions {
  /** The judges, each as a metric built on it; several are compared side by side. */
  judges: readonly CalibrationJudge[];
  /** Rows where judge and people disagree most that the report lists per judge. Defaults to 10. */
  disagreements?: number;
  /** Cache of metric results, as for `evaluate`. Defaults to false. */
  cache?: Cache | false;
  /** Progress display, as for `evaluate`. Defaults to "auto". */
  progress?: ProgressMode | ProgressReporter;
  /** Stops the run; rows in flight finish. Defaults to none. */
  signal?: AbortSignal;
  /** Rows scored at once. Defaults to `evaluate`'s default. */
  concurrency?: number;
  /**
   * Propose the faithfulness cascade's uncertainty band (binary labels only): the band whose cascade agrees with the
   * labels at least `target` (accuracy) with the fewest rows sent to the judge, with bootstrap intervals. Each judge
   * must be `Faithfulness` with a verifier and `band: [0, 1]`, so the judge scores every row beside the verifier.
   * Defaults to none.
   */
  band?: { target: number };
  /**
   * Compute the judge-free baselines on the same rows (the constant answer and a token-overlap score, see
   * `CalibrationResult.baselines`). Defaults to true.
   */
  baselines?: boolean;
}

/** What `calibrate` measured. */
export interface CalibrationResult {
  /** The metric id (the same for every judge). */
  metric: string;
  labels: LabelKind;
  /** Labelled rows read, and rows left out as invalid (with their reasons). */
  rows: number;
  invalid: LabelledSet["invalid"];
  judges: JudgeCalibration[];
  /**
   * What a judge must beat, on the same rows (absent with `baselines: false` and for statement labels): the constant
   * answer, and the token overlap that fits the metric's fields, its threshold chosen on one half of the rows and its
   * figures computed on the other.
   */
  baselines?: BaselineCalibration[];
  /** Settings that determine the figures: threshold, score range, bootstrap resamples and seed. */
  settings: { threshold: number; scoreRange: { min: number; max: number }; resamples: number; seed: number };
  /**
   * Where the judge's scores and the labels cannot meet: scores outside the score range, every verdict the same
   * at the threshold, an unknown range. The CLI prints them.
   */
  warnings: string[];
  file?: string;
  interrupted: boolean;
}

function scaled(value: number, range: { min: number; max: number }): number {
  return (value - range.min) / (range.max - range.min);
}

/**
 * Measures how far a judge agrees with people: runs the metric of every judge on every labelled
 * row (through `evaluate`, so the cache applies), then computes the agreement figures of the label
 * kind (binary: accuracy, balanced accuracy, Cohen's kappa, negative-class precision/recall/F1, a
 * confusion matrix, AUROC, reliability bins and the best-separating threshold; graded: Spearman,
 * Kendall tau-b, scaled MAE; pairwise: agreement and tie rate), each with a seeded bootstrap 95%
 * interval, and lists the rows of largest disagreement.
 *
 * @example
 * const result = await calibrate("halueval.jsonl", {
 *   judges: [{ name: "qwen2.5-0.5b", metric: new Faithfulness({ llm }) }],
 * });
 * console.log(result.judges[0].figures);
 */
export async function calibrate(
  labelled: string | readonly Record<string, unknown>[] | LabelledSet,
  options: CalibrateOptions,
): Promise<CalibrationResult> {
  const set = isLabelledSet(labelled) ? labelled : loadLabelled(labelled, options);
  if (options.judges.length === 0)
    throw new InvalidInputError("give at least one judge", { field: "judges" });
  const names = options.judges.map((j) => j.metric.name);
  if (new Set(names).size > 1) {
    throw new InvalidInputError(
      `every judge must run the same metric; got ${[...new Set(names)].join(", ")}`,
      {
        field: "judges",
      },
    );
  }
  if (set.rows.length === 0) {
    throw new InvalidInputError(
      `the labelled file has no valid row${set.invalid.length > 0 ? ` (${set.invalid.length} invalid: ${describeInvalid(set.invalid)})` : ""}`,
      set.file !== undefined ? { file: set.file } : {},
    );
  }
  const scale = resolveScale(options.judges[0]!.metric, set.labels, {
    ...(options.scoreRange !== undefined ? { scoreRange: options.scoreRange } : {}),
    ...(options.threshold !== undefined ? { threshold: options.threshold } : {}),
  });
  for (const judge of options.judges.slice(1)) {
    const other = resolveScale(judge.metric, set.labels, { ...options, threshold: scale.threshold });
    if (other.range.min !== scale.range.min || other.range.max !== scale.range.max) {
      throw new InvalidInputError(
        `the judges score on different ranges (${scale.range.min} to ${scale.range.max}, and ${other.range.min} to ${other.range.max} for ${judge.name}); calibrate them in separate runs`,
        { field: "judges" },
      );
    }
  }
  const { range, threshold } = scale;
  if (options.band !== undefined) {
    if (set.labels.kind !== "binary") {
      throw new InvalidInputError(`proposing a cascade band needs binary labels, got ${set.labels.kind}`, {
        field: "band",
      });
    }
    const target = options.band.target;
    if (!(typeof target === "number" && target >= 0 && target <= 1)) {
      throw new InvalidInputError(`band.target must be an agreement between 0 and 1, got ${String(target)}`, {
        field: "band.target",
      });
    }
  }
  const warnings = [...scale.warnings];
  const figureOptions = { ...options, threshold, scoreRange: range };
  const humanRange =
    set.labels.kind === "graded" ? { min: set.labels.min, max: set.labels.max } : { min: 0, max: 1 };
  const flat: Record<string, unknown>[] = set.rows.flatMap((r) => r.samples.map((s) => ({ ...s })));
  const offsets: number[] = [];
  let offset = 0;
  for (const r of set.rows) {
    offsets.push(offset);
    offset += r.samples.length;
  }

  const judges: JudgeCalibration[] = [];
  let interrupted = false;
  for (const judge of options.judges) {
    if (set.labels.kind === "statements") {
      judges.push(
        await calibrateStatements(set.rows, judge, {
          ...figureOptions,
          ...(options.signal !== undefined ? { signal: options.signal } : {}),
        }),
      );
      interrupted ||= options.signal?.aborted === true;
      continue;
    }
    const run = await evaluate(flat, [judge.metric], {
      ...(options.cache !== undefined ? { cache: options.cache } : {}),
      ...(options.progress !== undefined ? { progress: options.progress } : {}),
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    });
    interrupted ||= run.interrupted;
    const bySample = new Map<number, MetricResult>();
    for (const record of run.records) bySample.set(record.row, record.result);
    const humans: number[] = [];
    const scores: number[] = [];
    const groups: string[] = [];
    const scoredRows: { row: number; score: number }[] = [];
    const unscored: JudgeCalibration["unscored"] = [];
    const candidates: Disagreement[] = [];
    const bandRows: BandRow[] = [];
    set.rows.forEach((row, i) => {
      const results = row.samples.map((_, k) => bySample.get(offsets[i]! + k));
      const values = results.map((r) => (r?.status === "ok" ? r.value : null));
      if (values.some((v) => v === null || v === undefined)) {
        const failed = results.find((r) => r === undefined || r.status !== "ok" || r.value === null);
        unscored.push({
          row: row.row,
          id: row.id,
          reason:
            failed === undefined
              ? "not scored (the run was interrupted)"
              : (failed.error ?? failed.reason ?? `status ${failed.status}`),
        });
        return;
      }
      const score = values.length === 2 ? values[0]! - values[1]! : values[0]!;
      if (options.band !== undefined) {
        const bandRow = bandRowOf(results[0]!, row.human, threshold);
        if (typeof bandRow === "string") {
          throw new InvalidInputError(
            `cannot propose a cascade band from row ${row.row} (${row.id}): ${bandRow}`,
            {
              row: row.row,
              field: "band",
            },
          );
        }
        bandRows.push(bandRow);
      }
      humans.push(row.human);
      scores.push(score);
      scoredRows.push({ row: row.row, score });
      groups.push(row.group ?? `row ${row.row}`);
      const gap =
        set.labels.kind === "pairwise"
          ? (row.human === 1 ? score <= 0 : score >= 0)
            ? 1 + Math.abs(score)
            : 0
          : Math.abs(scaled(row.human, humanRange) - scaled(score, range));
      if (gap > 0) {
        candidates.push({
          row: row.row,
          id: row.id,
          human: row.human,
          score,
          gap,
          results: results as MetricResult[],
          samples: [...row.samples],
        });
      }
    });
    candidates.sort((a, b) => b.gap - a.gap || a.row - b.row);
    warnings.push(...scaleWarnings(judge.name, set.labels, scoredRows, range, threshold));
    judges.push({
      name: judge.name,
      config: judge.metric.config(),
      scored: humans.length,
      unscored,
      figures: await computeFigures(set.labels, { humans, scores, groups }, figureOptions),
      disagreements: candidates.slice(0, options.disagreements ?? 10),
      ...(options.band !== undefined
        ? {
            band: await proposeCascadeBand(bandRows, options.band.target, {
              ...options.bootstrap,
              ...(options.signal !== undefined ? { signal: options.signal } : {}),
            }),
          }
        : {}),
    });
    // An abort during the bootstrap leaves the figures without intervals: the run counts as interrupted.
    interrupted ||= options.signal?.aborted === true;
  }
  const baselines =
    options.baselines === false || set.labels.kind === "statements"
      ? undefined
      : await computeBaselines(set.rows, set.labels, options.judges[0]!.metric.requiredFields, {
          ...(options.bootstrap !== undefined ? { bootstrap: options.bootstrap } : {}),
          ...(options.signal !== undefined ? { signal: options.signal } : {}),
        });
  return {
    metric: names[0]!,
    labels: set.labels,
    rows: set.rows.length,
    invalid: set.invalid,
    judges,
    ...(baselines !== undefined ? { baselines } : {}),
    settings: {
      threshold,
      scoreRange: range,
      resamples: options.bootstrap?.resamples ?? DEFAULT_RESAMPLES,
      seed: options.bootstrap?.seed ?? DEFAULT_BOOTSTRAP_SEED,
    },
    warnings,
    ...(set.file !== undefined ? { file: set.file } : {}),
    interrupted,
  };
}

function isLabelledSet(value: unknown): value is LabelledSet {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    "labels" in value &&
    "rows" in value
  );
}
