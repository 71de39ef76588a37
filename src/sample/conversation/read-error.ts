// The error a conversation reader throws: what is wrong and where inside the field (message index, key path).
import { InvalidInputError } from "../../errors.js";
import { pathText } from "../../errors-zod.js";
import type { JsonValue, ToolCall, ToolMessage } from "./messages.js";

/** A path inside a conversation value, e.g. `[2, "tool_calls", 0, "function", "arguments"]`. */
export type ConversationPath = ReadonlyArray<string | number>;

/**
 * A conversation the readers cannot read: an `InvalidInputError` whose `path` says where inside the value (message
 * index, then keys; `field` is the same path as text, e.g. `[2].tool_calls[0].function.arguments`) and whose
 * message says what to give instead. Datasets and metrics report it under the field's column.
 */
export class ConversationReadError extends InvalidInputError {
  override name = "ConversationReadError";
  constructor(
    readonly reason: string,
    readonly path: ConversationPath,
  ) {
    super(reason, path.length > 0 ? { field: pathText(path) } : {});
  }
}

/** Throws a {@link ConversationReadError} at `path`. */
export function readFailure(path: ConversationPath, message: string): never {
  throw new ConversationReadError(message, path);
}

/** A value's kind in words, for error messages. */
export function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** Whether a value is a plain object (not null, not a list). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A required string at `path`. */
export function stringAt(value: unknown, path: ConversationPath, what: string): string {
  if (typeof value !== "string") readFailure(path, `${what} must be a string, got ${kindOf(value)}`);
  return value;
}

/** A non-empty tool name at `path`. */
export function toolNameAt(value: unknown, path: ConversationPath): string {
  const name = stringAt(value, path, "the tool name");
  if (name.trim() === "") readFailure(path, "the tool name is empty; give the name of the tool called");
  return name;
}

/** An optional id (string, or a number written as text) at `path`. */
export function optionalIdAt(value: unknown, path: ConversationPath): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "number") return String(value);
  return stringAt(value, path, "the id");
}

/**
 * The deepest nesting of objects and lists a tool's arguments or output may have (the top object is level 1). The
 * metrics compare values recursively, so a deeper value would exhaust the call stack; real tool arguments nest a
 * few levels.
 */
export const MAX_JSON_DEPTH = 100;

/**
 * What keeps a value from being tool JSON, or undefined when it is JSON (what JSON.parse can give: no undefined,
 * functions or non-finite numbers) nested at most {@link MAX_JSON_DEPTH} levels. Walks the value with a stack of its
 * own, so a value of any depth is checked without recursion.
 */
function jsonProblem(value: unknown): "not JSON" | "too deep" | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (v === null || typeof v === "string" || typeof v === "boolean") continue;
    if (typeof v === "number") {
      if (!Number.isFinite(v)) return "not JSON";
      continue;
    }
    if (!Array.isArray(v) && !isRecord(v)) return "not JSON";
    if (depth + 1 > MAX_JSON_DEPTH) return "too deep";
    for (const item of Array.isArray(v) ? v : Object.values(v)) stack.push({ value: item, depth: depth + 1 });
  }
  return undefined;
}

/** Throws at `path` when the value is not JSON (with `notJson` as the message) or nests too deep. */
function checkJson(value: unknown, path: ConversationPath, notJson: string): asserts value is JsonValue {
  const problem = jsonProblem(value);
  if (problem === "not JSON") readFailure(path, notJson);
  if (problem === "too deep") {
    readFailure(
      path,
      `nests objects and lists more than ${MAX_JSON_DEPTH} levels deep, more than airgap-eval compares; ` +
        "flatten the value, or give its deep part as a JSON string",
    );
  }
}

/**
 * Tool arguments at `path`: an object, or a JSON string holding one (OpenAI `function.arguments`). An empty string,
 * null or no value is `{}` (no arguments).
 */
export function argsAt(value: unknown, path: ConversationPath): Record<string, JsonValue> {
  if (value === undefined || value === null) return {};
  let parsed: unknown = value;
  if (typeof value === "string") {
    if (value.trim() === "") return {};
    try {
      parsed = JSON.parse(value);
    } catch (err) {
      readFailure(
        path,
        `the arguments are not valid JSON (${(err as Error).message}); give a JSON object as text`,
      );
    }
  }
  if (!isRecord(parsed)) {
    readFailure(path, `the arguments must be a JSON object of argument name to value, got ${kindOf(parsed)}`);
  }
  checkJson(parsed, path, "the arguments must hold JSON values only");
  return parsed as Record<string, JsonValue>;
}

/** A JSON value at `path` (tool outputs). */
export function jsonAt(value: unknown, path: ConversationPath): JsonValue {
  checkJson(value, path, "must be a JSON value");
  return value;
}

/**
 * Text content at `path`: a string, null (empty), or a list of parts whose text parts (`{type: "text", text}`, or
 * a bare string) are joined with newlines; other parts (images, reasoning) are left out.
 */
export function textContentAt(value: unknown, path: ConversationPath, textKey = "text"): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) {
    readFailure(path, `the content must be a string or a list of content parts, got ${kindOf(value)}`);
  }
  const texts: string[] = [];
  value.forEach((part: unknown, i) => {
    if (typeof part === "string") texts.push(part);
    else if (!isRecord(part))
      readFailure([...path, i], `a content part must be an object, got ${kindOf(part)}`);
    else if (part.type === "text" || part.type === "input_text" || part.type === "output_text") {
      texts.push(stringAt(part[textKey], [...path, i, textKey], "the text"));
    }
  });
  return texts.join("\n");
}

/** A tool call read from one object whose keys for the name, arguments and id are given, e.g. Anthropic's `input`. */
export function callAt(
  value: Record<string, unknown>,
  path: ConversationPath,
  keys: { args: string; id: string } = { args: "args", id: "id" },
): ToolCall {
  const id = optionalIdAt(value[keys.id], [...path, keys.id]);
  return {
    name: toolNameAt(value.name, [...path, "name"]),
    args: argsAt(value[keys.args], [...path, keys.args]),
    ...(id !== undefined ? { id } : {}),
  };
}

/** A tool message; `id` is read at `idPath`, and `name` kept when it is a string. */
export function toolMessageAt(
  content: string,
  id: unknown,
  idPath: ConversationPath,
  name?: unknown,
): ToolMessage {
  const callId = optionalIdAt(id, idPath);
  return {
    role: "tool",
    content,
    ...(callId !== undefined ? { toolCallId: callId } : {}),
    ...(typeof name === "string" ? { name } : {}),
  };
}
