// OpenTelemetry GenAI spans exported as JSON (the gen_ai.* semantic conventions, v1.37 and later): a list of spans,
// or an OTLP/JSON export ({resourceSpans: [{scopeSpans: [{spans}]}]}). Span attributes may be a plain object or
// OTLP's [{key, value: {stringValue | intValue | ...}}].
//
// The conversation is the last inference span's (by start time) `gen_ai.system_instructions`,
// `gen_ai.input.messages` and `gen_ai.output.messages`: each message {role, parts: [...]}, parts `text`
// ({content}), `tool_call` ({id, name, arguments}) and `tool_call_response` ({id, response}). A trace that records
// no message content gives its `execute_tool` spans instead, in start order: per span an assistant message calling
// `gen_ai.tool.name` with `gen_ai.tool.call.arguments`, then a tool message with `gen_ai.tool.call.result`.
import type { ConversationMessage, ToolCall } from "./messages.js";
import {
  argsAt,
  type ConversationPath,
  isRecord,
  kindOf,
  optionalIdAt,
  readFailure,
  stringAt,
  toolNameAt,
} from "./read-error.js";

interface Span {
  index: ConversationPath;
  start: number;
  attributes: Record<string, unknown>;
}

/** Whether a value looks like exported spans rather than chat messages. */
export function looksLikeSpans(value: unknown): boolean {
  if (isRecord(value)) return Array.isArray(value.resourceSpans);
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => isRecord(item) && item.role === undefined && item.attributes !== undefined)
  );
}

function otlpValue(value: unknown): unknown {
  if (!isRecord(value)) return value;
  if ("stringValue" in value) return value.stringValue;
  if ("intValue" in value) return Number(value.intValue);
  if ("doubleValue" in value) return value.doubleValue;
  if ("boolValue" in value) return value.boolValue;
  if (isRecord(value.arrayValue)) {
    const values = value.arrayValue.values;
    return Array.isArray(values) ? values.map(otlpValue) : [];
  }
  return value;
}

function attributesOf(value: unknown, path: ConversationPath): Record<string, unknown> {
  if (isRecord(value)) return value;
  if (!Array.isArray(value))
    readFailure(path, `span attributes must be an object or a list, got ${kindOf(value)}`);
  // No prototype: a key named `__proto__` is an attribute like any other, never the map's prototype.
  const out: Record<string, unknown> = Object.create(null);
  value.forEach((entry: unknown, i) => {
    if (!isRecord(entry) || typeof entry.key !== "string") {
      readFailure([...path, i], 'an OTLP attribute must be {"key": ..., "value": {...}}');
    }
    out[entry.key] = otlpValue(entry.value);
  });
  return out;
}

function startOf(span: Record<string, unknown>): number {
  for (const key of ["startTimeUnixNano", "start_time_unix_nano", "startTime", "start_time"]) {
    const value = span[key];
    if (typeof value === "number") return value;
    if (typeof value === "string" && value.trim() !== "") {
      const n = Number(value);
      if (Number.isFinite(n)) return n;
      const t = Date.parse(value);
      if (Number.isFinite(t)) return t;
    }
  }
  return Number.NaN;
}

function spansOf(value: unknown): Span[] {
  const spans: Span[] = [];
  const add = (span: unknown, path: ConversationPath) => {
    if (!isRecord(span)) readFailure(path, `a span must be an object, got ${kindOf(span)}`);
    spans.push({
      index: path,
      start: startOf(span),
      attributes: attributesOf(span.attributes ?? {}, [...path, "attributes"]),
    });
  };
  if (Array.isArray(value))
    value.forEach((span, i) => {
      add(span, [i]);
    });
  else if (isRecord(value) && Array.isArray(value.resourceSpans)) {
    value.resourceSpans.forEach((resource: unknown, r) => {
      const scopes = isRecord(resource) ? resource.scopeSpans : undefined;
      if (!Array.isArray(scopes)) return;
      scopes.forEach((scope: unknown, s) => {
        const list = isRecord(scope) ? scope.spans : undefined;
        if (Array.isArray(list))
          list.forEach((span, i) => {
            add(span, ["resourceSpans", r, "scopeSpans", s, "spans", i]);
          });
      });
    });
  }
  // Stable: spans without a start time keep their place among equals.
  return spans
    .map((span, order) => ({ span, order }))
    .sort((a, b) => a.span.start - b.span.start || a.order - b.order || 0)
    .map(({ span }) => span);
}

/** A JSON-string or already-parsed attribute value. */
function parsedAttribute(value: unknown, path: ConversationPath): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch (err) {
    return readFailure(path, `is not valid JSON (${(err as Error).message})`);
  }
}

function textOf(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function partsAt(value: unknown, path: ConversationPath): Record<string, unknown>[] {
  if (!Array.isArray(value)) readFailure(path, `parts must be a list, got ${kindOf(value)}`);
  return value.map((part: unknown, i) => {
    if (!isRecord(part)) readFailure([...path, i], `a part must be an object, got ${kindOf(part)}`);
    return part;
  });
}

/** One gen_ai message ({role, parts}) as conversation messages (tool responses one message each). */
function readGenAiMessage(value: unknown, path: ConversationPath): ConversationMessage[] {
  if (!isRecord(value)) readFailure(path, `a message must be an object, got ${kindOf(value)}`);
  const parts = partsAt(value.parts ?? [], [...path, "parts"]);
  const texts: string[] = [];
  const calls: ToolCall[] = [];
  const responses: ConversationMessage[] = [];
  parts.forEach((part, i) => {
    const at: ConversationPath = [...path, "parts", i];
    if (part.type === "text") texts.push(stringAt(part.content, [...at, "content"], "the text"));
    else if (part.type === "tool_call") {
      const id = optionalIdAt(part.id, [...at, "id"]);
      calls.push({
        name: toolNameAt(part.name, [...at, "name"]),
        args: argsAt(part.arguments, [...at, "arguments"]),
        ...(id !== undefined ? { id } : {}),
      });
    } else if (part.type === "tool_call_response") {
      const id = optionalIdAt(part.id, [...at, "id"]);
      responses.push({
        role: "tool",
        content: textOf(part.response),
        ...(id !== undefined ? { toolCallId: id } : {}),
      });
    }
  });
  const content = texts.join("\n");
  switch (value.role) {
    case "system":
      return [{ role: "system", content }];
    case "user":
      return responses.length > 0 && texts.length === 0
        ? responses
        : [...responses, { role: "user", content }];
    case "assistant":
      return [{ role: "assistant", content, toolCalls: calls }];
    case "tool":
      return responses.length > 0 ? responses : [{ role: "tool", content }];
    default:
      return readFailure(
        [...path, "role"],
        `unknown role ${JSON.stringify(value.role)}; a gen_ai message has role system, user, assistant or tool`,
      );
  }
}

function messagesAttribute(span: Span, key: string): ConversationMessage[] {
  const path: ConversationPath = [...span.index, "attributes", key];
  const value = parsedAttribute(span.attributes[key], path);
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) readFailure(path, `must be a list of messages, got ${kindOf(value)}`);
  return value.flatMap((message, i) => readGenAiMessage(message, [...path, i]));
}

function systemInstructions(span: Span): ConversationMessage[] {
  const key = "gen_ai.system_instructions";
  const path: ConversationPath = [...span.index, "attributes", key];
  const value = parsedAttribute(span.attributes[key], path);
  if (value === undefined || value === null) return [];
  if (typeof value === "string") return [{ role: "system", content: value }];
  const texts = partsAt(value, path)
    .filter((part) => part.type === "text")
    .map((part, i) => stringAt(part.content, [...path, i, "content"], "the text"));
  return [{ role: "system", content: texts.join("\n") }];
}

function toolSpanMessages(span: Span): ConversationMessage[] {
  const a = span.attributes;
  const at = (key: string): ConversationPath => [...span.index, "attributes", key];
  const id = optionalIdAt(a["gen_ai.tool.call.id"], at("gen_ai.tool.call.id"));
  const call: ToolCall = {
    name: toolNameAt(a["gen_ai.tool.name"], at("gen_ai.tool.name")),
    args: argsAt(a["gen_ai.tool.call.arguments"], at("gen_ai.tool.call.arguments")),
    ...(id !== undefined ? { id } : {}),
  };
  return [
    { role: "assistant", content: "", toolCalls: [call] },
    {
      role: "tool",
      content: textOf(a["gen_ai.tool.call.result"]),
      ...(id !== undefined ? { toolCallId: id } : {}),
      name: call.name,
    },
  ];
}

/** The conversation of exported OpenTelemetry GenAI spans (see the file's opening comment for the rules). */
export function readOtelSpans(value: unknown): ConversationMessage[] {
  const spans = spansOf(value);
  if (spans.length === 0)
    readFailure([], "holds no spans; give a list of spans or an OTLP export with resourceSpans");
  const inference = spans.filter(
    (s) =>
      s.attributes["gen_ai.input.messages"] !== undefined ||
      s.attributes["gen_ai.output.messages"] !== undefined,
  );
  const last = inference[inference.length - 1];
  if (last !== undefined) {
    return [
      ...systemInstructions(last),
      ...messagesAttribute(last, "gen_ai.input.messages"),
      ...messagesAttribute(last, "gen_ai.output.messages"),
    ];
  }
  const tools = spans.filter(
    (s) =>
      s.attributes["gen_ai.operation.name"] === "execute_tool" ||
      s.attributes["gen_ai.tool.name"] !== undefined,
  );
  if (tools.length === 0) {
    readFailure(
      [],
      "no span has gen_ai.input.messages, gen_ai.output.messages or gen_ai.tool.name; export the trace with message content recorded, or with its execute_tool spans",
    );
  }
  return tools.flatMap(toolSpanMessages);
}
