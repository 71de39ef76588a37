// The conversation as Ragas' agent judges read it (`MultiTurnSample.pretty_repr()`): one block per message, `Human:`,
// `AI:` with its tool calls under `Tools:` (arguments as Python prints a dict), and `ToolOutput:`. The judge metrics
// that read a conversation (agent goal accuracy, topic adherence) show the judge this text.
import { InvalidInputError } from "../../../errors.js";
import type { ConversationMessage } from "../../../sample/conversation/messages.js";
import { pythonRepr } from "../../../sample/python-value.js";

/** One message as Ragas prints it, or undefined for a message Ragas leaves out (system, an empty assistant turn). */
function messageText(message: ConversationMessage): string | undefined {
  switch (message.role) {
    case "system":
      return undefined;
    case "user":
      return `Human: ${message.content}`;
    case "tool":
      return `ToolOutput: ${message.content}`;
    case "assistant": {
      const lines: string[] = [];
      if (message.content !== "") lines.push(`AI: ${message.content}`);
      if (message.toolCalls.length > 0) {
        lines.push("Tools:");
        for (const call of message.toolCalls) lines.push(`  ${call.name}: ${pythonRepr(call.args)}`);
      }
      return lines.length > 0 ? lines.join("\n") : undefined;
    }
  }
}

/**
 * The conversation as Ragas' `pretty_repr` writes it, one message after another: `Human: <text>`, `AI: <text>` (left
 * out when the assistant wrote no text) then `Tools:` and one `  <name>: <args>` line per call (the arguments as
 * Python's `str` of a dict: `{'city': 'Oslo', 'days': 1}`), and `ToolOutput: <result>`. System messages are left
 * out, as Ragas' converters drop them (a Ragas conversation has no system message), and so is an assistant message
 * with neither text nor tool calls (Ragas would print an empty line).
 *
 * @example
 * ragasTranscript([
 *   { role: "user", content: "Weather in Oslo?" },
 *   { role: "assistant", content: "", toolCalls: [{ name: "weather", args: { city: "Oslo" } }] },
 *   { role: "tool", content: "4°C" },
 * ]); // "Human: Weather in Oslo?\nTools:\n  weather: {'city': 'Oslo'}\nToolOutput: 4°C"
 */
export function ragasTranscript(messages: readonly ConversationMessage[]): string {
  return messages.flatMap((m) => messageText(m) ?? []).join("\n");
}

/**
 * Checks that a conversation leaves a judge something to read as {@link ragasTranscript} writes it: a user, assistant
 * or tool message with text or tool calls. Else an `InvalidInputError` naming the row and `field`. The descriptor
 * `reads` of a judge that reads the transcript mark the conversation `judgeReadable`, so this runs once per row,
 * before any judge call.
 *
 * @example
 * requireJudgeReadable([{ role: "system", content: "Be brief." }], "messages", 3); // throws: row 3, messages
 */
export function requireJudgeReadable(
  messages: readonly ConversationMessage[],
  field: string,
  row: number | undefined,
): void {
  if (messages.some((m) => messageText(m) !== undefined)) return;
  throw new InvalidInputError(
    "holds no user, assistant or tool message with text or tool calls, so a judge has nothing to read (system messages are left out); give the agent's conversation",
    row !== undefined ? { field, row } : { field },
  );
}
