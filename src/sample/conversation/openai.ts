// OpenAI chat messages: {role, content, tool_calls: [{id, type: "function", function: {name, arguments}}]},
// tool results as {role: "tool", tool_call_id, content}; also the legacy `function_call` and role `function`, and
// role `developer` (read as system).
import type { ConversationMessage, ToolCall } from "./messages.js";
import { refuseAnthropicToolBlocks, refuseOtherFormatsToolFields } from "./mixed-fields.js";
import {
  argsAt,
  type ConversationPath,
  isRecord,
  kindOf,
  optionalIdAt,
  readFailure,
  textContentAt,
  toolMessageAt,
  toolNameAt,
} from "./read-error.js";

function toolCallAt(value: unknown, path: ConversationPath): ToolCall {
  if (!isRecord(value)) readFailure(path, `a tool call must be an object, got ${kindOf(value)}`);
  const fn = value.function;
  if (!isRecord(fn)) {
    readFailure([...path, "function"], 'a tool call needs "function": {"name": ..., "arguments": "{...}"}');
  }
  const id = optionalIdAt(value.id, [...path, "id"]);
  return {
    name: toolNameAt(fn.name, [...path, "function", "name"]),
    args: argsAt(fn.arguments, [...path, "function", "arguments"]),
    ...(id !== undefined ? { id } : {}),
  };
}

/** One OpenAI chat message at index `index`. */
export function readOpenAiMessage(value: unknown, index: number): ConversationMessage {
  const at: ConversationPath = [index];
  if (!isRecord(value)) readFailure(at, `a message must be an object, got ${kindOf(value)}`);
  refuseOtherFormatsToolFields(value, index, "openai");
  refuseAnthropicToolBlocks(value, index, "openai");
  const content = textContentAt(value.content, [index, "content"]);
  switch (value.role) {
    case "system":
    case "developer":
      return { role: "system", content };
    case "user":
      return { role: "user", content };
    case "assistant": {
      const calls = value.tool_calls ?? [];
      if (!Array.isArray(calls)) {
        readFailure([index, "tool_calls"], `tool_calls must be a list, got ${kindOf(calls)}`);
      }
      const toolCalls = calls.map((call: unknown, i) => toolCallAt(call, [index, "tool_calls", i]));
      if (isRecord(value.function_call)) {
        const fn = value.function_call;
        toolCalls.push({
          name: toolNameAt(fn.name, [index, "function_call", "name"]),
          args: argsAt(fn.arguments, [index, "function_call", "arguments"]),
        });
      }
      return { role: "assistant", content, toolCalls };
    }
    case "tool":
    case "function":
      return toolMessageAt(content, value.tool_call_id, [index, "tool_call_id"], value.name);
    default:
      return readFailure(
        [index, "role"],
        `unknown role ${JSON.stringify(value.role)}; an OpenAI message has role system, developer, user, assistant or tool`,
      );
  }
}

/** A list of OpenAI chat messages. */
export function readOpenAiMessages(messages: readonly unknown[]): ConversationMessage[] {
  return messages.map(readOpenAiMessage);
}
