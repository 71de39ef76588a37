// Reference tool calls (`reference_tool_calls`): a list of {name, args} (Ragas ToolCall), where `args` may also be
// `arguments` or DeepEval's `input_parameters`, an object or a JSON string; OpenAI's {function: {name, arguments}}
// is read too. `output` (DeepEval) is kept as given.
import type { ReferenceToolCall } from "./messages.js";
import {
  argsAt,
  type ConversationPath,
  isRecord,
  jsonAt,
  kindOf,
  readFailure,
  toolNameAt,
} from "./read-error.js";

function referenceCallAt(value: unknown, path: ConversationPath): ReferenceToolCall {
  if (!isRecord(value))
    readFailure(
      path,
      `a tool call must be an object such as {"name": ..., "args": {...}}, got ${kindOf(value)}`,
    );
  const fn = isRecord(value.function) ? value.function : undefined;
  const name =
    fn !== undefined
      ? toolNameAt(fn.name, [...path, "function", "name"])
      : toolNameAt(value.name, [...path, "name"]);
  const argsKey =
    fn !== undefined
      ? undefined
      : ["args", "arguments", "input_parameters", "inputParameters"].find((k) => value[k] !== undefined);
  const args =
    fn !== undefined
      ? argsAt(fn.arguments, [...path, "function", "arguments"])
      : argsAt(argsKey !== undefined ? value[argsKey] : undefined, [...path, argsKey ?? "args"]);
  return {
    name,
    args,
    ...(value.output !== undefined ? { output: jsonAt(value.output, [...path, "output"]) } : {}),
  };
}

/**
 * Reads reference tool calls: a list of `{name, args}` (or `arguments` / `input_parameters`, an object or JSON text;
 * or OpenAI's `{function: {name, arguments}}`), each with an optional `output`. An empty list is valid (no call
 * expected). Throws `ConversationReadError` naming the item and key.
 *
 * @example
 * readReferenceToolCalls([{ name: "weather", args: { city: "Oslo" } }]);
 */
export function readReferenceToolCalls(value: unknown): ReferenceToolCall[] {
  if (!Array.isArray(value))
    readFailure(
      [],
      `expected a list of tool calls such as [{"name": ..., "args": {...}}], got ${kindOf(value)}`,
    );
  return value.map((call, i) => referenceCallAt(call, [i]));
}
