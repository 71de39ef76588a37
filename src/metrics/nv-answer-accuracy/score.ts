import { averagedRating } from "../shared/judge/ratings.js";

/** Top of the answer accuracy scale (ratings 0, 2, 4). */
export const NV_ACCURACY_TOP = 4;

/**
 * Ragas `nv_accuracy`: the two ratings (0, 2 or 4) each divided by 4, then averaged.
 *
 * @example
 * nvAccuracyScore(4, 2); // 0.75
 */
export function nvAccuracyScore(first: number, second: number): number {
  return averagedRating(first, second, NV_ACCURACY_TOP);
}
