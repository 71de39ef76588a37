// ConversationalDAGMetric's judge calls: one grammar-constrained call per node on the path (every branch with
// scoring "expected"), made by the shared walk (shared/judge/dag/calls.ts, walk.ts); this file renders the
// conversation a node shows the judge, as DeepEval's conversational nodes render their turns.
import type { DeepEvalTurn } from "../../sample/conversation/deepeval-turns.js";

/** A turn field a node shows the judge. */
export type TurnField = "role" | "content";

/** DeepEval's name of each turn field (`CONVERSATIONAL_G_EVAL_PARAMS`). */
const turnFieldNames: Readonly<Record<TurnField, string>> = { role: "Role", content: "Content" };

/**
 * The conversation as a node's judge reads it: `Full Conversation:` and, for each turn, each field as
 * `<Name>:\n<value>\n\n` in the node's order; empty when the node shows no turn field.
 *
 * @example
 * renderTurns(["role", "content"], [{ role: "user", content: "Hi", message: 0 }]);
 * // "Full Conversation:\nRole:\nuser\n\nContent:\nHi\n\n"
 */
export function renderTurns(fields: readonly TurnField[], turns: readonly DeepEvalTurn[]): string {
  if (fields.length === 0) return "";
  const lines = turns.flatMap((t) => fields.map((f) => `${turnFieldNames[f]}:\n${t[f]}\n\n`));
  return `Full Conversation:\n${lines.join("")}`;
}
