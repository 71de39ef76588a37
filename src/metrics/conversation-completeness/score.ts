import { passShare } from "../shared/judge/deepeval-verdicts.js";

/** Most intentions the judge may list per user turn. */
export const MAX_INTENTIONS_PER_USER_TURN = 3;

/**
 * How many intentions the judge may list for a conversation with `userTurns` user turns: a few per turn, since
 * DeepEval asks for each task of a turn separately.
 *
 * @example
 * maxIntentions(2); // 6
 */
export function maxIntentions(userTurns: number): number {
  return userTurns * MAX_INTENTIONS_PER_USER_TURN;
}

/**
 * Conversation completeness: the share of intentions satisfied (verdict 1, or its probability with scoring
 * "expected"); 1 when there is no intention; with `strict`, 0 below 1.
 *
 * @example
 * conversationCompleteness([1, 1, 0, 1], false); // 0.75
 */
export function conversationCompleteness(satisfied: readonly number[], strict: boolean): number {
  return passShare(satisfied, strict);
}
