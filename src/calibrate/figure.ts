/**
 * One agreement figure: its value, or null with the reason it cannot be computed (never NaN), and
 * its bootstrap 95% interval when one was computed.
 */
export interface Figure {
  /** The figure on all rows; null when it is undefined on these rows (see `reason`). */
  value: number | null;
  /** Why `value` is null, e.g. "only one human class: kappa is undefined". */
  reason?: string;
  /** Percentile bootstrap 95% interval `[low, high]`; null when too few resamples had a value. */
  interval?: [number, number] | null;
}

/** A figure with a value. */
export function figure(value: number): Figure {
  return { value };
}

/** A figure that cannot be computed, with the reason in words. */
export function undefinedFigure(reason: string): Figure {
  return { value: null, reason };
}

/** `numerator / denominator`, or an undefined figure with `reason` when the denominator is 0. */
export function ratio(numerator: number, denominator: number, reason: string): Figure {
  return denominator === 0 ? undefinedFigure(reason) : figure(numerator / denominator);
}
