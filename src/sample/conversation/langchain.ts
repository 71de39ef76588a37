// LangChain / LangGraph message dicts: {type: "human" | "ai" | "system" | "tool", content, tool_calls: [{name, args,
// id}], tool_call_id}; also `messages_to_dict`'s {type, data: {...}}, the serialized {lc: 1, type: "constructor",
// id: [..., "AIMessage"], kwargs: {...}}, and role-keyed dicts with LangChain's roles (human, ai).
import type { ConversationMessage, ToolCall } from "./messages.js";
import { refuseOtherFormatsToolFields } from "./mixed-fields.js";
import {
  type ConversationPath,
  callAt,
  isRecord,
  kindOf,
  readFailure,
  textContentAt,
  toolMessageAt,
} from "./read-error.js";

// A Map, not an object: a class name from the data (`constructor`, `__proto__`) must not find an inherited entry.
const classTypes: ReadonlyMap<string, string> = new Map([
  ["HumanMessage", "human"],
  ["HumanMessageChunk", "human"],
  ["AIMessage", "ai"],
  ["AIMessageChunk", "ai"],
  ["SystemMessage", "system"],
  ["ToolMessage", "tool"],
  ["ChatMessage", "chat"],
]);

/** The message type and the dict holding its fields, whichever of LangChain's dict forms it is. */
function unwrap(
  value: Record<string, unknown>,
  index: number,
): { type: unknown; body: Record<string, unknown>; at: ConversationPath } {
  if (value.type === "constructor" && Array.isArray(value.id)) {
    const cls = value.id[value.id.length - 1];
    const type = typeof cls === "string" ? classTypes.get(cls) : undefined;
    if (type === undefined) {
      readFailure(
        [index, "id"],
        `unknown LangChain message class ${JSON.stringify(cls)} (id ${JSON.stringify(value.id)}); ` +
          `the classes read are ${[...classTypes.keys()].join(", ")}`,
      );
    }
    if (!isRecord(value.kwargs))
      readFailure([index, "kwargs"], "a serialized LangChain message needs kwargs");
    return { type, body: value.kwargs, at: [index, "kwargs"] };
  }
  if (isRecord(value.data) && value.content === undefined)
    return { type: value.type, body: value.data, at: [index, "data"] };
  return { type: value.type ?? value.role, body: value, at: [index] };
}

/** One LangChain message dict at index `index`. */
export function readLangChainMessage(value: unknown, index: number): ConversationMessage {
  if (!isRecord(value)) readFailure([index], `a message must be an object, got ${kindOf(value)}`);
  const { type, body, at } = unwrap(value, index);
  if (body === value) refuseOtherFormatsToolFields(value, index, "langchain");
  const content = textContentAt(body.content, [...at, "content"]);
  const kind = type === "chat" || type === "ChatMessage" ? body.role : type;
  switch (kind) {
    case "system":
      return { role: "system", content };
    case "human":
    case "user":
      return { role: "user", content };
    case "ai":
    case "assistant": {
      const calls = body.tool_calls ?? [];
      if (!Array.isArray(calls))
        readFailure([...at, "tool_calls"], `tool_calls must be a list, got ${kindOf(calls)}`);
      const toolCalls = calls.map((call: unknown, i): ToolCall => {
        const where: ConversationPath = [...at, "tool_calls", i];
        if (!isRecord(call)) readFailure(where, `a tool call must be an object, got ${kindOf(call)}`);
        return callAt(call, where);
      });
      return { role: "assistant", content, toolCalls };
    }
    case "tool":
      return toolMessageAt(content, body.tool_call_id, [...at, "tool_call_id"], body.name);
    default:
      return readFailure(
        [...at, "type"],
        `${kind === undefined ? "no message type" : `unknown message type ${JSON.stringify(kind)}`} ` +
          `(the message has keys ${Object.keys(body).join(", ") || "none"}); a LangChain message has type human, ai, ` +
          `system, tool or chat, or is serialized as one of the classes ${[...classTypes.keys()].join(", ")}`,
      );
  }
}

/** A list of LangChain message dicts. */
export function readLangChainMessages(messages: readonly unknown[]): ConversationMessage[] {
  return messages.map(readLangChainMessage);
}
