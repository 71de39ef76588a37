import { verdictShare } from "../shared/judge/deepeval-rag/score.js";
import { textSentences } from "../shared/verifier/sentences.js";

/**
 * The sentences of the expected output (the reference) DeepEval's contextual recall gives a verdict each: the
 * project's sentence splitter, trimmed, blank ones left out.
 *
 * @example
 * referenceSentences("Paris is in France. It is big."); // ["Paris is in France.", "It is big."]
 */
export function referenceSentences(reference: string): string[] {
  return textSentences(reference).map((s) => s.text);
}

/**
 * DeepEval's contextual recall: the reference's sentences attributable to the retrieval context over all its
 * sentences (each 1/0, or its probability of 1 with scoring "expected"); 0 without sentences; with `strict`, 0
 * below 1.
 *
 * @example
 * contextualRecall([1, 1, 0], false); // 0.6666666666666666
 * contextualRecall([], false); // 0
 */
export function contextualRecall(attributed: readonly number[], strict: boolean): number {
  return verdictShare(attributed, strict, 0);
}
