import type { DeepEvalTurn } from "../../sample/conversation/deepeval-turns.js";
import { passShare } from "../shared/judge/deepeval-verdicts.js";

/**
 * DeepEval's unit interactions (`get_unit_interactions`): the turns cut into exchanges, each one or more user turns
 * and the assistant turns that answer them. A new exchange starts at a user turn that follows an assistant turn once
 * the current one holds a user turn; assistant turns before the first user turn join the first exchange, and
 * trailing turns without an assistant reply (or an exchange without a user turn) are dropped.
 *
 * @example
 * unitInteractions([user("Hi"), assistant("Hello"), user("Bye")]); // [[user("Hi"), assistant("Hello")]]
 */
export function unitInteractions<T extends Pick<DeepEvalTurn, "role">>(turns: readonly T[]): T[][] {
  const units: T[][] = [];
  let current: T[] = [];
  let hasUser = false;
  for (const turn of turns) {
    if (current.length > 0 && current.at(-1)!.role === "assistant" && turn.role === "user" && hasUser) {
      units.push(current);
      current = [turn];
      continue;
    }
    current.push(turn);
    if (turn.role === "user") hasUser = true;
  }
  if (current.length > 1 && current.at(-1)!.role === "assistant" && hasUser) units.push(current);
  return units;
}

/**
 * DeepEval's sliding windows (`get_turns_in_sliding_window`), flattened: for each exchange, the turns of the last
 * `size` exchanges ending with it (fewer at the start).
 *
 * @example
 * slidingWindows([[a, b], [c, d], [e, f]], 2); // [[a, b], [a, b, c, d], [c, d, e, f]]
 */
export function slidingWindows<T>(units: readonly (readonly T[])[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`window size must be an integer ≥ 1, got ${size}`);
  return units.map((_, i) => units.slice(Math.max(0, i - size + 1), i + 1).flat());
}

/**
 * Turn relevancy: the share of exchanges whose last assistant reply is relevant (verdict 1, or its probability with
 * scoring "expected"); 1 when there is no exchange; with `strict`, 0 below 1.
 *
 * @example
 * turnRelevancy([1, 1, 0], false); // 0.6666666666666666
 */
export function turnRelevancy(relevant: readonly number[], strict: boolean): number {
  return passShare(relevant, strict);
}
