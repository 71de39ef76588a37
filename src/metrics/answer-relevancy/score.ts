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
