// A conversation as DeepEval's multi-turn judges see it: a list of `{role, content}` turns, user and assistant only
// (DeepEval's `Turn` with `convert_turn_to_dict`), rendered once here for the knowledge retention, conversation
// completeness, role adherence and turn relevancy prompts.
import { InvalidInputError } from "../../errors.js";
import type { ConversationMessage } from "./messages.js";

/** One DeepEval turn: a user message or an assistant reply with text. */
export interface DeepEvalTurn {
  role: "user" | "assistant";
  content: string;
  /** The turn's position in the sample's `messages` (0-based), so verdicts name the message they judge. */
  message: number;
}

/**
 * The conversation's DeepEval turns: user messages, and assistant messages with text, in order. System messages
 * (DeepEval keeps the role in `chatbot_role`), tool results and assistant steps that only call tools (DeepEval keeps
 * tools in `tools_called`, which its conversational judges do not render) are left out.
 *
 * @example
 * deepEvalTurns([{ role: "system", content: "Be brief." }, { role: "user", content: "Hi" },
 *   { role: "assistant", content: "Hello!", toolCalls: [] }]);
 * // [{ role: "user", content: "Hi", message: 1 }, { role: "assistant", content: "Hello!", message: 2 }]
 */
export function deepEvalTurns(messages: readonly ConversationMessage[]): DeepEvalTurn[] {
  const turns: DeepEvalTurn[] = [];
  for (const [message, m] of messages.entries()) {
    if (m.role === "user" || (m.role === "assistant" && m.content.trim() !== ""))
      turns.push({ role: m.role, content: m.content, message });
  }
  return turns;
}

/**
 * The conversation's DeepEval turns, for a judge that reads turns: a conversation with none (only system or tool
 * messages) is refused, naming the row when given.
 *
 * @example
 * requireDeepEvalTurns(sample.messages, 3); // throws for [{ role: "system", content: "Be brief." }]
 */
export function requireDeepEvalTurns(
  messages: readonly ConversationMessage[],
  row: number | undefined,
): DeepEvalTurn[] {
  const turns = deepEvalTurns(messages);
  if (turns.length === 0) {
    throw new InvalidInputError(
      "holds no user message and no assistant reply with text, so the judge has no turn to read (system and tool messages are left out); give the conversation's user and assistant turns",
      row !== undefined ? { field: "messages", row } : { field: "messages" },
    );
  }
  return turns;
}

/**
 * Turns as the judge reads them: a JSON list of `{"role", "content"}` objects, two-space indented, as DeepEval's
 * templates show them.
 *
 * @example
 * renderDeepEvalTurns([{ role: "user", content: "Hi", message: 0 }]);
 * // '[\n  {\n    "role": "user",\n    "content": "Hi"\n  }\n]'
 */
export function renderDeepEvalTurns(turns: readonly Pick<DeepEvalTurn, "role" | "content">[]): string {
  return JSON.stringify(
    turns.map((t) => ({ role: t.role, content: t.content })),
    null,
    2,
  );
}
