import { verdictShare } from "../shared/judge/deepeval-rag/score.js";

/**
 * DeepEval's faithfulness: the claims counted as truthful (agreeing, and borderline unless ambiguous claims are
 * penalized; each 1/0, or its probability with scoring "expected") over all claims; 1 without claims; with
 * `strict`, 0 below 1.
 *
 * @example
 * deepEvalFaithfulness([1, 1, 0], false); // 0.6666666666666666
 * deepEvalFaithfulness([], false); // 1
 */
export function deepEvalFaithfulness(truthful: readonly number[], strict: boolean): number {
  return verdictShare(truthful, strict, 1);
}

/**
 * Whether a claim's verdict counts as truthful: 2 (agrees) always, 1 (borderline) unless `penalizeAmbiguous`,
 * 0 (contradicts) never.
 *
 * @example
 * countsAsTruthful(1, false); // 1
 * countsAsTruthful(1, true); // 0
 */
export function countsAsTruthful(verdict: 0 | 1 | 2, penalizeAmbiguous: boolean): 0 | 1 {
  return verdict === 2 || (verdict === 1 && !penalizeAmbiguous) ? 1 : 0;
}
