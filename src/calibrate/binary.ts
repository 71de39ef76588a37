import type { LabelKind } from "../datasets/converters/types.js";
import { type Figure, figure, ratio, undefinedFigure } from "./figure.js";

/**
 * Counts of judge against human on binary labels. "Positive" is the human label 1 (faithful,
 * relevant, pass); the judge says positive when its score is at least the threshold.
 */
export interface ConfusionMatrix {
  /** Human 1, judge 1. */
  truePositive: number;
  /** Human 0, judge 1: the judge passed a row people failed (a missed hallucination). */
  falsePositive: number;
  /** Human 1, judge 0. */
  falseNegative: number;
  /** Human 0, judge 0. */
  trueNegative: number;
}

/** The binary agreement figures of one judge. */
export interface BinaryFigures {
  accuracy: Figure;
  balancedAccuracy: Figure;
  cohensKappa: Figure;
  /** Precision, recall and F1 of the negative class (human 0: unfaithful, irrelevant, fail; see {@link negativeClassName}). */
  negativeClass: { precision: Figure; recall: Figure; f1: Figure };
}

/** Builds the confusion matrix of `humans` (0/1) against `predicted` (0/1), pair by pair. */
export function confusionMatrix(humans: readonly number[], predicted: readonly number[]): ConfusionMatrix {
  const m: ConfusionMatrix = { truePositive: 0, falsePositive: 0, falseNegative: 0, trueNegative: 0 };
  humans.forEach((h, i) => {
    const p = predicted[i];
    if (h === 1 && p === 1) m.truePositive += 1;
    else if (h === 0 && p === 1) m.falsePositive += 1;
    else if (h === 1 && p === 0) m.falseNegative += 1;
    else m.trueNegative += 1;
  });
  return m;
}

/** Judge labels from scores: 1 when `score >= threshold`, else 0. */
export function thresholdScores(scores: readonly number[], threshold: number): number[] {
  return scores.map((s) => (s >= threshold ? 1 : 0));
}

const oneClassReason = (m: ConfusionMatrix): string => {
  const positives = m.truePositive + m.falseNegative;
  const negatives = m.falsePositive + m.trueNegative;
  return `the human labels hold only one class (${positives} positive, ${negatives} negative), so this figure is undefined`;
};

/**
 * Accuracy, balanced accuracy, Cohen's kappa and the negative class's precision, recall and F1
 * from a confusion matrix. Figures whose denominator is zero are null with a reason, never NaN.
 *
 * @example
 * binaryFigures({ truePositive: 3, falsePositive: 1, falseNegative: 1, trueNegative: 3 }).cohensKappa.value; // 0.5
 */
export function binaryFigures(m: ConfusionMatrix): BinaryFigures {
  const n = m.truePositive + m.falsePositive + m.falseNegative + m.trueNegative;
  const humanPositive = m.truePositive + m.falseNegative;
  const humanNegative = m.falsePositive + m.trueNegative;
  const judgePositive = m.truePositive + m.falsePositive;
  const judgeNegative = m.falseNegative + m.trueNegative;
  const accuracy = ratio(m.truePositive + m.trueNegative, n, "no rows were scored");
  const oneClass = humanPositive === 0 || humanNegative === 0;

  let balancedAccuracy: Figure;
  let cohensKappa: Figure;
  if (n === 0) {
    balancedAccuracy = undefinedFigure("no rows were scored");
    cohensKappa = undefinedFigure("no rows were scored");
  } else if (oneClass) {
    balancedAccuracy = undefinedFigure(oneClassReason(m));
    cohensKappa = undefinedFigure(oneClassReason(m));
  } else {
    balancedAccuracy = figure((m.truePositive / humanPositive + m.trueNegative / humanNegative) / 2);
    const observed = (m.truePositive + m.trueNegative) / n;
    const expected = (humanPositive * judgePositive + humanNegative * judgeNegative) / (n * n);
    cohensKappa =
      expected === 1
        ? undefinedFigure("both raters gave one class only, so chance agreement is 1 and kappa is undefined")
        : figure((observed - expected) / (1 - expected));
  }

  const precision = ratio(
    m.trueNegative,
    judgeNegative,
    "the judge labelled no row negative, so negative-class precision is undefined",
  );
  const recall = ratio(
    m.trueNegative,
    humanNegative,
    "no row is negative for people, so recall is undefined",
  );
  const f1 =
    precision.value === null || recall.value === null
      ? undefinedFigure(precision.reason ?? recall.reason ?? "precision or recall is undefined")
      : ratio(
          2 * m.trueNegative,
          2 * m.trueNegative + m.falseNegative + m.falsePositive,
          "no negative row on either side, so F1 is undefined",
        );
  return { accuracy, balancedAccuracy, cohensKappa, negativeClass: { precision, recall, f1 } };
}

/**
 * Area under the ROC curve of `scores` ranking human positives above negatives: the probability
 * that a random positive scores higher than a random negative, ties counting one half
 * (Mann-Whitney U / (positives x negatives)). Null with a reason when one class is absent.
 *
 * @example
 * auroc([0.9, 0.8, 0.3, 0.1], [1, 0, 1, 0]).value; // 0.75
 */
export function auroc(scores: readonly number[], humans: readonly number[]): Figure {
  const order = scores.map((s, i) => ({ s, h: humans[i]! })).sort((a, b) => a.s - b.s);
  let positives = 0;
  let negatives = 0;
  let rankSumPositive = 0;
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j < order.length && order[j]!.s === order[i]!.s) j += 1;
    const averageRank = (i + 1 + j) / 2; // 1-based ranks i+1..j share their mean
    for (let k = i; k < j; k += 1) {
      if (order[k]!.h === 1) {
        positives += 1;
        rankSumPositive += averageRank;
      } else negatives += 1;
    }
    i = j;
  }
  if (positives === 0 || negatives === 0) {
    return undefinedFigure(
      `the human labels hold only one class (${positives} positive, ${negatives} negative), so AUROC is undefined`,
    );
  }
  const u = rankSumPositive - (positives * (positives + 1)) / 2;
  return figure(u / (positives * negatives));
}

/** The threshold on the judge's score that best separates the human classes. */
export interface BestThreshold {
  /** Rows scoring at least this count as positive. */
  threshold: number;
  /** Balanced accuracy at that threshold (equivalently Youden's J = 2 x this - 1). */
  balancedAccuracy: number;
}

/**
 * The score threshold with the highest balanced accuracy (Youden's J), searched over every distinct
 * score; the lowest such threshold wins a tie. Null when one human class is absent. It is reported
 * for information and never changes a metric's default.
 *
 * @example
 * bestThreshold([0.2, 0.4, 0.6, 0.8], [0, 0, 1, 1]); // { threshold: 0.6, balancedAccuracy: 1 }
 */
export function bestThreshold(scores: readonly number[], humans: readonly number[]): BestThreshold | null {
  const positives = humans.filter((h) => h === 1).length;
  const negatives = humans.length - positives;
  if (positives === 0 || negatives === 0) return null;
  const candidates = [...new Set(scores)].sort((a, b) => a - b);
  let best: BestThreshold | null = null;
  for (const t of candidates) {
    let tp = 0;
    let tn = 0;
    scores.forEach((s, i) => {
      if (s >= t && humans[i] === 1) tp += 1;
      if (s < t && humans[i] === 0) tn += 1;
    });
    const ba = (tp / positives + tn / negatives) / 2;
    if (best === null || ba > best.balancedAccuracy) best = { threshold: t, balancedAccuracy: ba };
  }
  return best;
}

/**
 * The name of the negative class (people's 0) in figure labels: the label kind's `negative` (a data set's
 * converter gives it, e.g. "irrelevant" for clapnq-dev), else "negative (human 0)".
 *
 * @example
 * negativeClassName({ kind: "binary", negative: "unfaithful" }); // "unfaithful"
 */
export function negativeClassName(labels: LabelKind): string {
  return labels.kind === "binary" && labels.negative !== undefined ? labels.negative : "negative (human 0)";
}
