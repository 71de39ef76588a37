import type { DeepEvalTurn } from "../../sample/conversation/deepeval-turns.js";
import { passShare } from "../shared/judge/deepeval-verdicts.js";

/** One fact the user gave: a short name and its value, e.g. `{ name: "Home city", value: "Oslo" }`. */
export interface Fact {
  name: string;
  value: string;
}

/** The facts extracted from one user turn. */
export interface TurnKnowledge {
  /** The user turn's index in the turn list. */
  turn: number;
  facts: Fact[];
}

/**
 * The assistant turns DeepEval judges, each with the knowledge accumulated before it: every assistant turn after at
 * least one user turn that gave a fact (DeepEval skips assistant turns with no accumulated knowledge). `knowledge` is
 * in turn order.
 *
 * @example
 * turnsToJudge(turns, [{ turn: 0, facts: [] }, { turn: 2, facts: [{ name: "City", value: "Oslo" }] }]);
 * // [{ turn: 3, knowledge: [{ turn: 2, facts: [...] }] }] for turns user, assistant, user, assistant
 */
export function turnsToJudge(
  turns: readonly Pick<DeepEvalTurn, "role">[],
  knowledge: readonly TurnKnowledge[],
): Array<{ turn: number; knowledge: TurnKnowledge[] }> {
  const judged: Array<{ turn: number; knowledge: TurnKnowledge[] }> = [];
  for (const [turn, t] of turns.entries()) {
    if (t.role !== "assistant") continue;
    const before = knowledge.filter((k) => k.turn < turn && k.facts.length > 0);
    if (before.length > 0) judged.push({ turn, knowledge: before });
  }
  return judged;
}

/**
 * Knowledge retention: the share of judged assistant turns without attrition (verdict 1, or its probability with
 * scoring "expected"); 1 when no turn is judged; with `strict`, 0 below 1.
 *
 * @example
 * knowledgeRetention([1, 0], false); // 0.5
 */
export function knowledgeRetention(retained: readonly number[], strict: boolean): number {
  return passShare(retained, strict);
}
