// Reads a conversation in any supported format into airgap-eval's messages: the format is detected per value
// (conversationFormat), or named by the value itself ({"format": "anthropic", "messages": [...]}) or the caller.

import { readAnthropicMessages } from "./anthropic.js";
import { readCanonicalMessage } from "./canonical.js";
import { hasDeepEvalTurnTools, looksLikeDeepEvalToolList, readDeepEvalConversation } from "./deepeval.js";
import { readLangChainMessages } from "./langchain.js";
import type { ConversationMessage } from "./messages.js";
import { readOpenAiMessages } from "./openai.js";
import { looksLikeSpans, readOtelSpans } from "./otel.js";
import { ConversationReadError, isRecord, kindOf, readFailure, stringAt } from "./read-error.js";

/** The conversation formats read; `auto` detects one per value (see {@link conversationFormat}). */
export const conversationFormats = [
  "auto",
  "openai",
  "anthropic",
  "langchain",
  "otel",
  "deepeval",
  "airgap-eval",
] as const;

/**
 * A conversation format: `openai`, `anthropic`, `langchain`, `otel` (GenAI spans), `deepeval` (turns, or an
 * LLMTestCase's `tools_called`), `airgap-eval`, or `auto`.
 */
export type ConversationFormat = (typeof conversationFormats)[number];

const langChainTypes = new Set(["human", "ai", "system", "tool", "chat", "constructor", "AIMessageChunk"]);
const anthropicBlocks = new Set(["tool_use", "tool_result", "thinking", "redacted_thinking"]);

function hasBlock(message: Record<string, unknown>): boolean {
  return (
    Array.isArray(message.content) &&
    message.content.some((b) => isRecord(b) && anthropicBlocks.has(String(b.type)))
  );
}

/**
 * The format of a conversation value, as `auto` reads it: `otel` for spans (a list of objects with `attributes` and
 * no `role`, or an object with `resourceSpans`); `deepeval` for a list of DeepEval ToolCalls (objects with `name` and
 * no `role`) or turns with `tools_called` / `toolsCalled`; `airgap-eval` when a message has `toolCalls` or `toolCallId`;
 * `langchain` when a message has a LangChain `type` (human, ai, system, tool, constructor) or role human / ai;
 * `anthropic` when a message's content holds a `tool_use`, `tool_result` or `thinking` block; else `openai` (plain
 * `{role, content}` messages read the same in every format).
 *
 * @example
 * conversationFormat([{ type: "human", content: "hi" }]); // "langchain"
 */
export function conversationFormat(value: unknown): Exclude<ConversationFormat, "auto"> {
  if (looksLikeSpans(value)) return "otel";
  const messages = Array.isArray(value) ? value.filter(isRecord) : [];
  if (looksLikeDeepEvalToolList(value) || hasDeepEvalTurnTools(messages)) return "deepeval";
  if (messages.some((m) => m.toolCalls !== undefined || m.toolCallId !== undefined)) return "airgap-eval";
  if (
    messages.some(
      (m) =>
        (m.role === undefined && typeof m.type === "string" && langChainTypes.has(m.type)) ||
        m.role === "human" ||
        m.role === "ai" ||
        m.lc !== undefined,
    )
  ) {
    return "langchain";
  }
  if (messages.some(hasBlock)) return "anthropic";
  return "openai";
}

/** The options of {@link readConversation}. */
export interface ReadConversationOptions {
  /** The format of the value; `auto` detects it per value ({@link conversationFormat}). Defaults to `auto`. */
  format?: ConversationFormat;
}

function unwrapped(
  value: unknown,
  format: ConversationFormat,
): { format: ConversationFormat; messages: unknown; system?: string } {
  if (!isRecord(value) || Array.isArray(value.resourceSpans)) return { format, messages: value };
  if (value.messages === undefined) {
    readFailure(
      [],
      'a conversation object needs "messages": give a list of messages, or {"format": ..., "messages": [...]}',
    );
  }
  let named = format;
  if (value.format !== undefined) {
    if (
      typeof value.format !== "string" ||
      !(conversationFormats as readonly string[]).includes(value.format)
    ) {
      readFailure(
        ["format"],
        `unknown conversation format ${JSON.stringify(value.format)}; use one of ${conversationFormats.join(", ")}`,
      );
    }
    named = value.format as ConversationFormat;
  }
  const system = value.system !== undefined ? stringAt(value.system, ["system"], "system") : undefined;
  return { format: named, messages: value.messages, ...(system !== undefined ? { system } : {}) };
}

/**
 * Reads a conversation: a list of messages in OpenAI, Anthropic, LangChain or airgap-eval form, exported
 * OpenTelemetry GenAI spans, or an object `{format?, system?, messages}` (Anthropic's request shape, or a value that
 * names its format). Throws `ConversationReadError` with the path of the bad part (message index, then keys).
 *
 * @example
 * readConversation([{ role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function",
 *   function: { name: "weather", arguments: '{"city":"Oslo"}' } }] }]);
 * // [{ role: "assistant", content: "", toolCalls: [{ name: "weather", args: { city: "Oslo" }, id: "c1" }] }]
 */
export function readConversation(
  value: unknown,
  options: ReadConversationOptions = {},
): ConversationMessage[] {
  const { format: given, messages, system } = unwrapped(value, options.format ?? "auto");
  const format = given === "auto" ? conversationFormat(messages) : given;
  const prefix: ConversationMessage[] = system !== undefined ? [{ role: "system", content: system }] : [];
  if (!Array.isArray(messages) && format !== "otel") {
    readFailure(isRecord(value) ? ["messages"] : [], `expected a list of messages, got ${kindOf(messages)}`);
  }
  const wrapped = isRecord(value);
  const read = (() => {
    try {
      return readList(format, messages);
    } catch (err) {
      if (wrapped && err instanceof ConversationReadError)
        throw new ConversationReadError(err.reason, ["messages", ...err.path]);
      throw err;
    }
  })();
  return [...prefix, ...read];
}

function readList(format: ConversationFormat, messages: unknown): ConversationMessage[] {
  if (format === "otel") return readOtelSpans(messages);
  const list = messages as readonly unknown[];
  switch (format) {
    case "anthropic":
      return readAnthropicMessages(list);
    case "langchain":
      return readLangChainMessages(list);
    case "airgap-eval":
      return list.map(readCanonicalMessage);
    case "deepeval":
      return readDeepEvalConversation(list);
    default:
      return readOpenAiMessages(list);
  }
}
