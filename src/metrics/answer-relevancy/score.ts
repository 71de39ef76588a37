// The answer relevancy formula (Ragas `answer_relevancy`): mean cosine similarity between the user input
// and the questions written from the response, 0 when the response is noncommittal.
import { mean } from "../../math/mean.js";

/** When a response counts as noncommittal: `"all"` questions flagged (current Ragas) or `"any"` (older Ragas). */
export type NoncommittalMode = "all" | "any";

/** The modes, in documentation order. */
export const noncommittalModes = ["all", "any"] as const;

/** The score and the two numbers it is made of. */
export interface AnswerRelevancyScore {
  /** The metric value: `meanSimilarity`, or 0 when the response is noncommittal. */
  value: number;
  /** Mean cosine similarity (not clamped, so it can be negative). */
  meanSimilarity: number;
  /** Whether the response counts as noncommittal under the mode. */
  noncommittal: boolean;
}

/**
 * Answer relevancy from the similarity of each generated question to the user input and each
 * question's noncommittal flag. `similarities` must not be empty.
 *
 * @example
 * answerRelevancyScore([0.8, 0.6], [false, true], "all"); // { value: 0.7, meanSimilarity: 0.7, noncommittal: false }
 * answerRelevancyScore([0.8, 0.6], [false, true], "any").value; // 0
 */
export function answerRelevancyScore(
  similarities: readonly number[],
  noncommittalFlags: readonly boolean[],
  mode: NoncommittalMode,
): AnswerRelevancyScore {
  const noncommittal = mode === "all" ? noncommittalFlags.every((f) => f) : noncommittalFlags.some((f) => f);
  const meanSimilarity = mean(similarities)!;
  return { value: noncommittal ? 0 : meanSimilarity, meanSimilarity, noncommittal };
}

/**
 * The probability-weighted answer relevancy (scoring "expected"): the mean similarity times the probability
 * that the response is not noncommittal, each question's flag taken as independent with the judge's
 * probability of 1: under `"all"` the response is noncommittal with probability Π pᵢ, under `"any"` with
 * 1 − Π (1 − pᵢ). `similarities` must not be empty.
 *
 * @example
 * expectedAnswerRelevancy([0.8, 0.6], [0.5, 0.5], "all"); // { value: 0.525, meanSimilarity: 0.7, noncommittal: 0.25 }
 */
export function expectedAnswerRelevancy(
  similarities: readonly number[],
  noncommittalProbabilities: readonly number[],
  mode: NoncommittalMode,
): { value: number; meanSimilarity: number; noncommittal: number } {
  const noncommittal =
    mode === "all"
      ? noncommittalProbabilities.reduce((p, q) => p * q, 1)
      : 1 - noncommittalProbabilities.reduce((p, q) => p * (1 - q), 1);
  const meanSimilarity = mean(similarities)!;
  return { value: meanSimilarity * (1 - noncommittal), meanSimilarity, noncommittal };
}
