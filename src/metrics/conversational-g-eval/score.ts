/** The score range the judge writes on, as DeepEval's conversational G-Eval asks it: whole numbers 0 to 10. */
export const CONVERSATION_SCALE = { min: 0, max: 10 } as const;

/**
 * DeepEval's conversational G-Eval value: the 0-10 score (probability-weighted when the judge's score-token
 * probabilities were read, else as written) divided by 10; with `strict`, 0 below 1 (DeepEval strict_mode).
 *
 * @example
 * conversationalGEvalScore(7.4, false); // 0.74
 * conversationalGEvalScore(9.6, true); // 0
 * conversationalGEvalScore(10, true); // 1
 */
export function conversationalGEvalScore(score: number, strict: boolean): number {
  const value = score / CONVERSATION_SCALE.max;
  return strict && value < 1 ? 0 : value;
}
