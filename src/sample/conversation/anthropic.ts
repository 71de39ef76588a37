// Anthropic messages: {role: "user" | "assistant", content: string | blocks}; an assistant's `tool_use` blocks
// ({id, name, input}) are its tool calls, and a user message's `tool_result` blocks ({tool_use_id, content}) are
// tool messages, one each, before the rest of that user message's text. `thinking` and image blocks are left out.
import type { ConversationMessage, ToolCall } from "./messages.js";
import { anthropicEvidence, refuseMixedFormats, refuseOtherFormatsToolFields } from "./mixed-fields.js";
import {
  argsAt,
  type ConversationPath,
  isRecord,
  kindOf,
  optionalIdAt,
  readFailure,
  stringAt,
  textContentAt,
  toolNameAt,
} from "./read-error.js";

function blocksAt(value: unknown, path: ConversationPath): unknown[] {
  if (typeof value === "string") return [{ type: "text", text: value }];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    readFailure(path, `the content must be a string or a list of content blocks, got ${kindOf(value)}`);
  }
  return value;
}

/**
 * One Anthropic message at index `index`: one conversation message, or several (tool results, then text). `why`
 * says why the conversation is read as Anthropic's (the block that decided it), for a message of another format.
 */
export function readAnthropicMessage(value: unknown, index: number, why = ""): ConversationMessage[] {
  if (!isRecord(value)) readFailure([index], `a message must be an object, got ${kindOf(value)}`);
  refuseOtherFormatsToolFields(value, index, "anthropic", why);
  const role = value.role;
  if (role === "tool" || role === "function")
    refuseMixedFormats(
      [index, "role"],
      `role "${role}" is OpenAI's tool result message`,
      "openai",
      "anthropic",
      why,
    );
  if (role === "system")
    return [{ role: "system", content: textContentAt(value.content, [index, "content"]) }];
  if (role !== "user" && role !== "assistant") {
    readFailure(
      [index, "role"],
      `unknown role ${JSON.stringify(role)}; an Anthropic message has role user or assistant`,
    );
  }
  const texts: string[] = [];
  const toolCalls: ToolCall[] = [];
  const results: ConversationMessage[] = [];
  blocksAt(value.content, [index, "content"]).forEach((block: unknown, i) => {
    const at: ConversationPath = [index, "content", i];
    if (!isRecord(block)) readFailure(at, `a content block must be an object, got ${kindOf(block)}`);
    if (block.type === "text") texts.push(stringAt(block.text, [...at, "text"], "the text"));
    else if (block.type === "tool_use") {
      if (role !== "assistant")
        readFailure([...at, "type"], "a tool_use block belongs in an assistant message");
      const id = optionalIdAt(block.id, [...at, "id"]);
      toolCalls.push({
        name: toolNameAt(block.name, [...at, "name"]),
        args: argsAt(block.input, [...at, "input"]),
        ...(id !== undefined ? { id } : {}),
      });
    } else if (block.type === "tool_result") {
      if (role !== "user") readFailure([...at, "type"], "a tool_result block belongs in a user message");
      const id = optionalIdAt(block.tool_use_id, [...at, "tool_use_id"]);
      results.push({
        role: "tool",
        content: textContentAt(block.content, [...at, "content"]),
        ...(id !== undefined ? { toolCallId: id } : {}),
      });
    }
  });
  const content = texts.join("\n");
  if (role === "assistant") return [{ role: "assistant", content, toolCalls }];
  return results.length > 0 && texts.length === 0 ? results : [...results, { role: "user", content }];
}

/** A list of Anthropic messages. */
export function readAnthropicMessages(messages: readonly unknown[]): ConversationMessage[] {
  const why = anthropicEvidence(messages);
  return messages.flatMap((message, index) => readAnthropicMessage(message, index, why));
}
