// The conversation sample: messages in one shape whatever format they were read from (the readers beside this file
// read OpenAI, Anthropic, LangChain and OpenTelemetry GenAI), and the tool calls the agent metrics compare.
import { OrderedGroups } from "../../util/ordered-groups.js";

/** A JSON value, as tool arguments and outputs hold them. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** One tool call: the tool's name and its arguments, as an object. */
export interface ToolCall {
  /** The tool's name. */
  name: string;
  /** The arguments, an object of argument name to JSON value (`{}` for none). */
  args: Record<string, JsonValue>;
  /** The call's id where the format gives one, e.g. OpenAI `call_abc`; pairs the call with its result. */
  id?: string;
}

/** An expected tool call (a `reference_tool_calls` item): a tool call, with the output expected where given. */
export interface ReferenceToolCall extends ToolCall {
  /** The output the tool should return (DeepEval `output`), compared only where a metric is asked to. */
  output?: JsonValue;
}

/** A tool call the agent made, with the result the conversation gives for it, if any. */
export interface MadeToolCall extends ToolCall {
  /** The content of the tool message that answers the call (by id, else the next unanswered call), if any. */
  output?: string;
}

/** A system or user message. */
export interface TextMessage {
  role: "system" | "user";
  content: string;
}

/** An assistant message: its text (possibly empty) and the tool calls it makes, in order. */
export interface AssistantMessage {
  role: "assistant";
  content: string;
  toolCalls: ToolCall[];
}

/** A tool result. */
export interface ToolMessage {
  role: "tool";
  content: string;
  /** The id of the call it answers, where the format gives one. */
  toolCallId?: string;
  /** The tool's name, where the format gives one. */
  name?: string;
}

/** One message of a conversation. */
export type ConversationMessage = TextMessage | AssistantMessage | ToolMessage;

/** The roles of a conversation message. */
export type MessageRole = ConversationMessage["role"];

/**
 * Every tool call the assistant made, in order, each with the tool result that answers it: the tool message with the
 * call's id, else (no ids) the first tool message after it that answers no other call.
 *
 * @example
 * madeToolCalls([{ role: "assistant", content: "", toolCalls: [{ name: "weather", args: { city: "Oslo" } }] },
 *   { role: "tool", content: "4°C" }]); // [{ name: "weather", args: { city: "Oslo" }, output: "4°C" }]
 */
export function madeToolCalls(messages: readonly ConversationMessage[]): MadeToolCall[] {
  const calls: MadeToolCall[] = [];
  const answered = new Set<number>();
  const unanswered = (i: number) => !answered.has(i);
  // The calls in order, all of them and by id (undefined: without one); answered calls are passed over once each,
  // so a conversation of many calls is read in linear time.
  const all = new OrderedGroups<true>();
  const byId = new OrderedGroups<string | undefined>();
  for (const message of messages) {
    if (message.role === "assistant") {
      for (const call of message.toolCalls) {
        all.add(true, calls.length);
        byId.add(call.id, calls.length);
        calls.push({ ...call });
      }
    } else if (message.role === "tool") {
      const id = message.toolCallId;
      // By id, else the first call without an id; a result without an id answers the first unanswered call.
      let at = id === undefined ? all.first(true, unanswered) : byId.first(id, unanswered);
      if (at === -1 && id !== undefined) at = byId.first(undefined, unanswered);
      if (at !== -1) {
        calls[at]!.output = message.content;
        answered.add(at);
      }
    }
  }
  return calls;
}
