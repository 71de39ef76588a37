// The formulas of a decision graph's score: a leaf's value, a child metric's value mapped onto 0..1, and the
// probability-weighted value of a judgement (scoring "expected").
import { MAX_LEAF_SCORE } from "./definition.js";

/**
 * The value of a verdict leaf's score: DeepEval's `score / 10`.
 *
 * @example
 * leafValue(7); // 0.7
 */
export function leafValue(score: number): number {
  return score / MAX_LEAF_SCORE;
}

/**
 * A child metric's value mapped from its `range` onto 0..1; a value outside the range throws a `RangeError` naming it.
 *
 * @example
 * childMetricValue(4, [1, 5]); // 0.75
 */
export function childMetricValue(value: number, range: readonly [number, number] = [0, 1]): number {
  const [lo, hi] = range;
  if (!(value >= lo && value <= hi)) {
    throw new RangeError(
      `the child metric's value ${value} is outside its range [${lo}, ${hi}]; give the verdict's range`,
    );
  }
  return (value - lo) / (hi - lo);
}

/**
 * The expected value of a judgement: each verdict's probability times the value its branch leads to. The
 * probabilities are those of the allowed verdicts (they sum to 1).
 *
 * @example
 * expectedBranchValue([{ probability: 0.8, value: 1 }, { probability: 0.2, value: 0.3 }]); // 0.86
 */
export function expectedBranchValue(branches: ReadonlyArray<{ probability: number; value: number }>): number {
  return branches.reduce((sum, b) => sum + b.probability * b.value, 0);
}
