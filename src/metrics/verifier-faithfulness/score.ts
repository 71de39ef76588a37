// The verifier faithfulness formula: the share of the response's sentences whose best context window the verifier
// supports (probability >= threshold), or their mean probability; a response with no sentence gives null.
import { meanProbability, supportedShare } from "../shared/verifier/sentence-scores.js";

/** Both values of a row: the supported share and the mean probability. */
export interface VerifierFaithfulnessValues {
  supportedShare: number | null;
  meanProbability: number | null;
}

/**
 * The supported share (probability >= `threshold`) and the mean probability of the sentences' best support.
 *
 * @example
 * verifierFaithfulnessValues([0.9, 0.3], 0.5); // { supportedShare: 0.5, meanProbability: 0.6 }
 */
export function verifierFaithfulnessValues(
  probabilities: readonly number[],
  threshold: number,
): VerifierFaithfulnessValues {
  return {
    supportedShare: supportedShare(probabilities, threshold),
    meanProbability: meanProbability(probabilities),
  };
}
