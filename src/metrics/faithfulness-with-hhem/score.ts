// The faithfulness-with-HHEM formula: the share of the judge's statements whose verifier probability reaches the
// threshold (Ragas: the mean of HHEM's rounded scores), or their mean probability; no statement gives null.
import { meanProbability, supportedShare } from "../shared/verifier/sentence-scores.js";

/** A row's values: the one `aggregate` picks, and both it picks from. */
export interface FaithfulnessWithHhemValues {
  value: number | null;
  supportedShare: number | null;
  meanProbability: number | null;
}

/**
 * The row's value from the statements' probabilities: the supported share (probability >= `threshold`) with
 * `aggregate` "share", the mean probability with "mean"; both are returned.
 *
 * @example
 * faithfulnessWithHhemValues([0.97, 0.1, 0.5], 0.5, "share"); // { value: 2/3, supportedShare: 2/3, meanProbability: 0.523… }
 */
export function faithfulnessWithHhemValues(
  probabilities: readonly number[],
  threshold: number,
  aggregate: "share" | "mean",
): FaithfulnessWithHhemValues {
  const share = supportedShare(probabilities, threshold);
  const mean = meanProbability(probabilities);
  return { value: aggregate === "share" ? share : mean, supportedShare: share, meanProbability: mean };
}
