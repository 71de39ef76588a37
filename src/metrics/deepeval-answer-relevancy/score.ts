import { verdictShare } from "../shared/judge/deepeval-rag/score.js";

/**
 * DeepEval's answer relevancy: the response's statements judged relevant or borderline (DeepEval's `yes` and
 * `borderline`, its legacy `idk`) over all its statements (each 1/0, or its probability of not being irrelevant with
 * scoring "expected"); 1 without statements; with `strict`, 0 below 1.
 *
 * @example
 * deepEvalAnswerRelevancy([1, 1, 0, 1], false); // 0.75
 * deepEvalAnswerRelevancy([], false); // 1
 */
export function deepEvalAnswerRelevancy(relevant: readonly number[], strict: boolean): number {
  return verdictShare(relevant, strict, 1);
}
