import { type Figure, figure, undefinedFigure } from "./figure.js";

/** 1-based ranks with ties sharing their average rank. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const ranks = new Array<number>(values.length);
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j < order.length && order[j]!.v === order[i]!.v) j += 1;
    const rank = (i + 1 + j) / 2;
    for (let k = i; k < j; k += 1) ranks[order[k]!.i] = rank;
    i = j;
  }
  return ranks;
}

function pearson(x: readonly number[], y: readonly number[]): number | null {
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i += 1) {
    mx += x[i]!;
    my += y[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i += 1) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

/**
 * Spearman's rank correlation: Pearson's correlation of the average ranks. Null with a reason when
 * fewer than two rows, or when either side is constant.
 *
 * @example
 * spearman([1, 2, 3, 4], [1, 3, 2, 4]).value; // 0.8
 */
export function spearman(a: readonly number[], b: readonly number[]): Figure {
  if (a.length < 2) return undefinedFigure("fewer than two scored rows, so a correlation is undefined");
  const r = pearson(averageRanks(a), averageRanks(b));
  return r === null
    ? undefinedFigure("one side gives every row the same value, so a rank correlation is undefined")
    : figure(r);
}

/**
 * Kendall's tau-b, which corrects for ties on either side: (concordant - discordant) divided by
 * sqrt((n0 - tiesA)(n0 - tiesB)) over all n0 = n(n-1)/2 pairs. O(n log n) (Knight's method).
 *
 * @example
 * kendallTauB([1, 2, 3, 4], [1, 3, 2, 4]).value; // 0.6666666666666666
 */
export function kendallTauB(a: readonly number[], b: readonly number[]): Figure {
  const n = a.length;
  if (n < 2) return undefinedFigure("fewer than two scored rows, so a correlation is undefined");
  const pairs = a.map((x, i) => ({ x, y: b[i]! })).sort((p, q) => p.x - q.x || p.y - q.y);
  const n0 = (n * (n - 1)) / 2;
  const tiedPairs = (count: number) => (count * (count - 1)) / 2;

  let tiesA = 0;
  let tiesBoth = 0;
  let i = 0;
  while (i < n) {
    let j = i;
    while (j < n && pairs[j]!.x === pairs[i]!.x) j += 1;
    tiesA += tiedPairs(j - i);
    let k = i;
    while (k < j) {
      let l = k;
      while (l < j && pairs[l]!.y === pairs[k]!.y) l += 1;
      tiesBoth += tiedPairs(l - k);
      k = l;
    }
    i = j;
  }

  // Sorting by y with a merge sort counts the swaps: each swap is one discordant pair.
  const ys = pairs.map((p) => p.y);
  const swaps = mergeSortCountingSwaps(ys);
  let tiesB = 0;
  i = 0;
  while (i < n) {
    let j = i;
    while (j < n && ys[j] === ys[i]) j += 1;
    tiesB += tiedPairs(j - i);
    i = j;
  }
  const denominator = Math.sqrt((n0 - tiesA) * (n0 - tiesB));
  if (denominator === 0) {
    return undefinedFigure("one side gives every row the same value, so a rank correlation is undefined");
  }
  const concordantMinusDiscordant = n0 - tiesA - tiesB + tiesBoth - 2 * swaps;
  return figure(concordantMinusDiscordant / denominator);
}

function mergeSortCountingSwaps(values: number[]): number {
  let swaps = 0;
  const buffer = new Array<number>(values.length);
  for (let width = 1; width < values.length; width *= 2) {
    for (let lo = 0; lo < values.length; lo += 2 * width) {
      const mid = Math.min(lo + width, values.length);
      const hi = Math.min(lo + 2 * width, values.length);
      let left = lo;
      let right = mid;
      let out = lo;
      while (left < mid && right < hi) {
        if (values[right]! < values[left]!) {
          buffer[out++] = values[right++]!;
          swaps += mid - left;
        } else buffer[out++] = values[left++]!;
      }
      while (left < mid) buffer[out++] = values[left++]!;
      while (right < hi) buffer[out++] = values[right++]!;
      for (let k = lo; k < hi; k += 1) values[k] = buffer[k]!;
    }
  }
  return swaps;
}

/**
 * Mean absolute error after putting both sides on [0, 1]: human scores by their declared scale,
 * judge scores by the metric's range.
 *
 * @example
 * scaledMeanAbsoluteError([1, 4], { min: 1, max: 4 }, [0, 0.5], { min: 0, max: 1 }).value; // 0.25
 */
export function scaledMeanAbsoluteError(
  humans: readonly number[],
  humanScale: { min: number; max: number },
  scores: readonly number[],
  scoreRange: { min: number; max: number },
): Figure {
  if (humans.length === 0) return undefinedFigure("no rows were scored");
  const h = (v: number) => (v - humanScale.min) / (humanScale.max - humanScale.min);
  const s = (v: number) => (v - scoreRange.min) / (scoreRange.max - scoreRange.min);
  let sum = 0;
  humans.forEach((v, i) => {
    sum += Math.abs(h(v) - s(scores[i]!));
  });
  return figure(sum / humans.length);
}
