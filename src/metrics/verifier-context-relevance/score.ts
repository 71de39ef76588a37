// The verifier context relevance formula: the share of contexts whose relevance probability reaches the threshold,
// or the mean probability. No context gives null.
import { meanProbability, supportedShare } from "../shared/verifier/sentence-scores.js";

/**
 * The share of relevant contexts (probability >= `threshold`) and the mean probability; both null with no context.
 *
 * @example
 * verifierContextRelevanceValues([0.9, 0.1], 0.5); // { relevantShare: 0.5, meanProbability: 0.5 }
 */
export function verifierContextRelevanceValues(
  probabilities: readonly number[],
  threshold: number,
): { relevantShare: number | null; meanProbability: number | null } {
  return {
    relevantShare: supportedShare(probabilities, threshold),
    meanProbability: meanProbability(probabilities),
  };
}
