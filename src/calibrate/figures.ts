import type { LabelKind } from "../datasets/converters/types.js";
import { type BootstrapOptions, bootstrapInterval } from "../math/bootstrap.js";
import {
  auroc,
  type BestThreshold,
  type BinaryFigures,
  bestThreshold,
  binaryFigures,
  type ConfusionMatrix,
  confusionMatrix,
  thresholdScores,
} from "./binary.js";
import { type Figure, ratio } from "./figure.js";
import { kendallTauB, scaledMeanAbsoluteError, spearman } from "./rank.js";

/** Human labels paired with one judge's scores, scored rows only. */
export interface ScoredPairs {
  /** Human label per scored row (binary 0/1, graded value, or pairwise 1 = A preferred). */
  humans: number[];
  /** The judge's score per row; for pairwise rows, score(A) - score(B). */
  scores: number[];
  /** Bootstrap group per row. */
  groups: string[];
}

/** Options that shape the figures. */
export interface FigureOptions {
  /** A binary verdict is "positive" when the score is at least this. Defaults to 0.5. */
  threshold?: number;
  /** The metric's score range, for scaling. Defaults to `{ min: 0, max: 1 }`. */
  scoreRange?: { min: number; max: number };
  /** Bootstrap settings; `resamples: 0` turns intervals off. Defaults to 1000 resamples, seed 20240601. */
  bootstrap?: BootstrapOptions;
  /** Bins of the reliability diagram. Defaults to 10. */
  reliabilityBins?: number;
  /** Stops the bootstrap: figures computed after an abort have no interval. Defaults to none. */
  signal?: AbortSignal;
}

/** One bin of a reliability diagram: mean predicted score against the observed human-positive rate. */
export interface ReliabilityBin {
  /** Bin edges on the score. */
  low: number;
  high: number;
  /** Rows in the bin. */
  count: number;
  /** Mean score of its rows. */
  meanScore: number;
  /** Share of its rows people labelled positive. */
  observedRate: number;
}

/** Figures of binary labels. */
export interface BinaryReport extends BinaryFigures {
  kind: "binary";
  threshold: number;
  confusion: ConfusionMatrix;
  /** Area under the ROC curve of the score (probability-weighted with `scoring: "expected"`). */
  auroc: Figure;
  /** The score threshold that best separates the human classes; informative only, defaults are unchanged. */
  bestThreshold: BestThreshold | null;
  reliability: ReliabilityBin[];
}

/** Figures of graded labels. */
export interface GradedReport {
  kind: "graded";
  spearman: Figure;
  kendallTauB: Figure;
  /** Mean absolute error with the human scale and the score range both mapped to [0, 1]. */
  scaledMeanAbsoluteError: Figure;
}

/** Figures of pairwise preferences. */
export interface PairwiseReport {
  kind: "pairwise";
  /** Share of pairs where the judge scored the preferred response strictly higher. */
  agreement: Figure;
  /** Share of pairs the judge scored equal (counted as disagreement in `agreement`). */
  tieRate: Figure;
}

export type FigureReport = BinaryReport | GradedReport | PairwiseReport;

/**
 * The figure on all rows with its bootstrap interval; when `signal` is (or becomes) aborted, the figure
 * without an interval (the bootstrap stops at its next yield).
 */
async function withInterval(
  pairs: ScoredPairs,
  options: FigureOptions,
  compute: (humans: number[], scores: number[]) => Figure,
): Promise<Figure> {
  const point = compute(pairs.humans, pairs.scores);
  if (point.value === null || options.bootstrap?.resamples === 0 || options.signal?.aborted) return point;
  const interval = await bootstrapInterval(
    pairs.humans.length,
    (idx) =>
      compute(
        idx.map((i) => pairs.humans[i]!),
        idx.map((i) => pairs.scores[i]!),
      ),
    {
      ...options.bootstrap,
      groups: pairs.groups,
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
    },
  ).catch((err: unknown) => {
    if (options.signal?.aborted) return undefined;
    throw err;
  });
  return interval === undefined ? point : { ...point, interval };
}

/** Reliability diagram of scores in [0, 1] against binary human labels; empty bins are left out. */
export function reliabilityDiagram(
  humans: readonly number[],
  scores: readonly number[],
  bins = 10,
): ReliabilityBin[] {
  const out: ReliabilityBin[] = [];
  for (let b = 0; b < bins; b += 1) {
    const low = b / bins;
    const high = (b + 1) / bins;
    const idx = scores.flatMap((s, i) => ((s >= low && s < high) || (b === bins - 1 && s === 1) ? [i] : []));
    if (idx.length === 0) continue;
    out.push({
      low,
      high,
      count: idx.length,
      meanScore: idx.reduce((sum, i) => sum + scores[i]!, 0) / idx.length,
      observedRate: idx.reduce((sum, i) => sum + humans[i]!, 0) / idx.length,
    });
  }
  return out;
}

/**
 * Every figure of one judge for one kind of label, each with its seeded bootstrap 95% interval.
 *
 * @example
 * const report = await computeFigures({ kind: "binary" }, { humans, scores, groups }, { threshold: 0.5 });
 */
export async function computeFigures(
  labels: LabelKind,
  pairs: ScoredPairs,
  options: FigureOptions = {},
): Promise<FigureReport> {
  if (labels.kind === "pairwise") {
    const agreement = (h: number[], s: number[]) =>
      ratio(h.filter((v, i) => (v === 1 ? s[i]! > 0 : s[i]! < 0)).length, h.length, "no pair was scored");
    const tieRate = (_h: number[], s: number[]) =>
      ratio(s.filter((v) => v === 0).length, s.length, "no pair was scored");
    return {
      kind: "pairwise",
      agreement: await withInterval(pairs, options, agreement),
      tieRate: await withInterval(pairs, options, tieRate),
    };
  }
  const range = options.scoreRange ?? { min: 0, max: 1 };
  if (labels.kind === "graded") {
    return {
      kind: "graded",
      spearman: await withInterval(pairs, options, spearman),
      kendallTauB: await withInterval(pairs, options, kendallTauB),
      scaledMeanAbsoluteError: await withInterval(pairs, options, (h, s) =>
        scaledMeanAbsoluteError(h, labels, s, range),
      ),
    };
  }
  const threshold = options.threshold ?? 0.5;
  const figuresOf = (h: number[], s: number[]) =>
    binaryFigures(confusionMatrix(h, thresholdScores(s, threshold)));
  const point = figuresOf(pairs.humans, pairs.scores);
  const pick = (get: (f: BinaryFigures) => Figure) =>
    withInterval(pairs, options, (h, s) => get(figuresOf(h, s)));
  const inUnitRange = range.min === 0 && range.max === 1;
  return {
    kind: "binary",
    threshold,
    confusion: confusionMatrix(pairs.humans, thresholdScores(pairs.scores, threshold)),
    accuracy: await pick((f) => f.accuracy),
    balancedAccuracy: await pick((f) => f.balancedAccuracy),
    cohensKappa: await pick((f) => f.cohensKappa),
    negativeClass: {
      precision: await pick((f) => f.negativeClass.precision),
      recall: await pick((f) => f.negativeClass.recall),
      f1:
        point.negativeClass.f1.value === null
          ? point.negativeClass.f1
          : await pick((f) => f.negativeClass.f1),
    },
    auroc: await withInterval(pairs, options, (h, s) => auroc(s, h)),
    bestThreshold: bestThreshold(pairs.scores, pairs.humans),
    reliability: inUnitRange ? reliabilityDiagram(pairs.humans, pairs.scores, options.reliabilityBins) : [],
  };
}
