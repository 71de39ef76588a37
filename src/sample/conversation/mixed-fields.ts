// A conversation mixing formats is refused, saying so: each reader reads only its own format's tool fields, so a tool
// call written the other way (OpenAI's `tool_calls` in a conversation read as airgap-eval's `toolCalls`, or in one
// read as Anthropic's for its `tool_use` blocks, or the reverse) would be lost without a word and the call scored as
// never made.
import { type ConversationPath, isRecord, readFailure } from "./read-error.js";

/** The formats with tool fields of their own. */
type FormatWithToolFields = "airgap-eval" | "openai" | "langchain" | "anthropic" | "deepeval";

/** DeepEval's keys for the tools a turn called: the Python SDK's and the TypeScript SDK's. */
export const deepEvalToolKeys = ["tools_called", "toolsCalled"] as const;

/** The message keys that carry each format's tool calls and results (Anthropic carries them in content blocks). */
const toolFields: Readonly<Record<FormatWithToolFields, readonly string[]>> = {
  "airgap-eval": ["toolCalls", "toolCallId"],
  openai: ["tool_calls", "tool_call_id", "function_call"],
  langchain: ["tool_calls", "tool_call_id"],
  anthropic: [],
  deepeval: deepEvalToolKeys,
};

/** Each format's name in messages. */
const formatNames: Readonly<Record<FormatWithToolFields, string>> = {
  "airgap-eval": "airgap-eval",
  openai: "OpenAI",
  langchain: "LangChain",
  anthropic: "Anthropic",
  deepeval: "DeepEval",
};

/** How each format writes tool calls and results, for the advice. */
const ownWay: Readonly<Record<FormatWithToolFields, string>> = {
  "airgap-eval": "airgap-eval's format reads toolCalls and toolCallId",
  openai: "OpenAI's format reads tool_calls, tool_call_id and function_call",
  langchain: "LangChain's format reads tool_calls and tool_call_id",
  anthropic:
    "Anthropic's format reads tool_use blocks in assistant messages and tool_result blocks in user messages",
  deepeval: "DeepEval's format reads tools_called (or toolsCalled) on a turn",
};

/** Anthropic's content block types that carry tool calls and results. */
const anthropicToolBlocks = new Set(["tool_use", "tool_result"]);

/** The message, block index and type of the first Anthropic tool block of `messages`, if any. */
export function firstAnthropicToolBlock(
  messages: readonly unknown[],
): { message: number; block: number; type: string } | undefined {
  for (const [message, value] of messages.entries()) {
    if (!isRecord(value) || !Array.isArray(value.content)) continue;
    const block = value.content.findIndex((b) => isRecord(b) && anthropicToolBlocks.has(String(b.type)));
    if (block >= 0) return { message, block, type: String((value.content[block] as { type: unknown }).type) };
  }
  return undefined;
}

/** Why a conversation is read as Anthropic's format, in words: the block that made it so, when there is one. */
export function anthropicEvidence(messages: readonly unknown[]): string {
  const found = firstAnthropicToolBlock(messages);
  return found === undefined
    ? ""
    : ` (message ${found.message}'s content[${found.block}] is an Anthropic ${found.type} block)`;
}

/** Throws at `path`: `what` belongs to format `other`, but the conversation is read as `format`. */
export function refuseMixedFormats(
  path: ConversationPath,
  what: string,
  other: FormatWithToolFields,
  format: FormatWithToolFields,
  why = "",
): never {
  readFailure(
    path,
    `${what}, but this conversation is read as ${formatNames[format]}'s format${why}: the conversation mixes ` +
      `${formatNames[other]} and ${formatNames[format]} messages, and ${ownWay[format]}, ` +
      "so the call would be lost; write every message of a conversation in one format",
  );
}

/**
 * Throws at `[index, field]` when message `index`, read as `format`, has another format's tool field; `why` says
 * why the conversation is read as `format` (e.g. the Anthropic block that decided it).
 */
export function refuseOtherFormatsToolFields(
  message: Record<string, unknown>,
  index: number,
  format: FormatWithToolFields,
  why = "",
): void {
  const own = toolFields[format];
  for (const [other, fields] of Object.entries(toolFields) as Array<[FormatWithToolFields, string[]]>) {
    for (const field of fields) {
      if (own.includes(field) || message[field] === undefined) continue;
      refuseMixedFormats([index, field], `is ${formatNames[other]}'s tool field`, other, format, why);
    }
  }
}

/** Throws when message `index`, read as OpenAI's or airgap-eval's format, holds an Anthropic tool block in its content. */
export function refuseAnthropicToolBlocks(
  message: Record<string, unknown>,
  index: number,
  format: "openai" | "airgap-eval",
): void {
  const found = firstAnthropicToolBlock([message]);
  if (found === undefined) return;
  refuseMixedFormats(
    [index, "content", found.block, "type"],
    `is an Anthropic ${found.type} block`,
    "anthropic",
    format,
  );
}
