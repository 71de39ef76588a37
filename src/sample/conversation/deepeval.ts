// DeepEval's conversation shapes: a ConversationalTestCase's `turns` ({role, content, tools_called}) and an
// LLMTestCase's `tools_called` (a list of ToolCall {name, input_parameters, output}). Each assistant turn's tools
// become one assistant step making those calls, a tool message answering each call that has an `output`, then the
// turn's text; so the agent metrics see the calls (madeToolCalls) and the DeepEval judges the turns.
import type { ConversationMessage, ReferenceToolCall } from "./messages.js";
import { deepEvalToolKeys, refuseOtherFormatsToolFields } from "./mixed-fields.js";
import {
  type ConversationPath,
  ConversationReadError,
  isRecord,
  kindOf,
  readFailure,
  textContentAt,
} from "./read-error.js";
import { readReferenceToolCalls } from "./tool-calls.js";

/** The `type` of a DeepEval TypeScript SDK ToolCall. */
const deepEvalToolTypes = new Set([undefined, "FUNCTION", "MCP"]);

/**
 * True when `value` is a list of DeepEval ToolCalls: objects with a `name`, no `role`, and no `type` but DeepEval's
 * own (`FUNCTION`, `MCP`).
 */
export function looksLikeDeepEvalToolList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (v) =>
        isRecord(v) &&
        v.name !== undefined &&
        v.role === undefined &&
        deepEvalToolTypes.has(v.type as string),
    )
  );
}

/** True when a message of `messages` is a DeepEval turn with tools (`tools_called` or `toolsCalled`). */
export function hasDeepEvalTurnTools(messages: readonly Record<string, unknown>[]): boolean {
  return messages.some((m) => deepEvalToolKeys.some((k) => m[k] !== undefined));
}

/** Reads a DeepEval value: a `tools_called` list, or turns. */
export function readDeepEvalConversation(value: readonly unknown[]): ConversationMessage[] {
  return looksLikeDeepEvalToolList(value) ? readDeepEvalToolsCalled(value) : readDeepEvalTurns(value);
}

/** The text a tool message holds for a DeepEval `output`: a string as given, anything else as JSON. */
function outputText(output: NonNullable<ReferenceToolCall["output"]>): string {
  return typeof output === "string" ? output : JSON.stringify(output);
}

/** DeepEval tool calls at `path`, read as reference tool calls are (errors re-pathed under `path`). */
function callsAt(value: unknown, path: ConversationPath): ReferenceToolCall[] {
  try {
    return readReferenceToolCalls(value);
  } catch (err) {
    if (err instanceof ConversationReadError)
      throw new ConversationReadError(err.reason, [...path, ...err.path]);
    throw err;
  }
}

/** The messages of one assistant step calling `calls` (ids `<prefix><i>` pair each output with its call). */
function callingSteps(calls: readonly ReferenceToolCall[], prefix: string): ConversationMessage[] {
  if (calls.length === 0) return [];
  const ids = calls.map((_, i) => `${prefix}${i}`);
  const steps: ConversationMessage[] = [
    {
      role: "assistant",
      content: "",
      toolCalls: calls.map((call, i) => ({ name: call.name, args: call.args, id: ids[i]! })),
    },
  ];
  calls.forEach((call, i) => {
    if (call.output === undefined || call.output === null) return;
    steps.push({ role: "tool", content: outputText(call.output), toolCallId: ids[i]!, name: call.name });
  });
  return steps;
}

/**
 * Reads an LLMTestCase's `tools_called`: one assistant step making the calls, then a tool message with each call's
 * `output` (text as given, other values as JSON text). Throws `ConversationReadError` naming the item and key.
 *
 * @example
 * readDeepEvalToolsCalled([{ name: "weather", input_parameters: { city: "Oslo" }, output: "4°C" }]);
 * // [{ role: "assistant", content: "", toolCalls: [{ name: "weather", args: { city: "Oslo" }, id: "call-0" }] },
 * //  { role: "tool", content: "4°C", toolCallId: "call-0", name: "weather" }]
 */
export function readDeepEvalToolsCalled(value: readonly unknown[]): ConversationMessage[] {
  return callingSteps(callsAt(value, []), "call-");
}

/**
 * Reads DeepEval turns: `{role: "user" | "assistant", content, tools_called?}` (or `toolsCalled`); an assistant turn's
 * tools come before its text, as calling steps (see {@link readDeepEvalToolsCalled}). Other keys (`retrieval_context`,
 * `user_id`, `additional_metadata`) are not read.
 *
 * @example
 * readDeepEvalTurns([{ role: "user", content: "Weather in Oslo?" },
 *   { role: "assistant", content: "4°C.", tools_called: [{ name: "weather" }] }]);
 */
export function readDeepEvalTurns(turns: readonly unknown[]): ConversationMessage[] {
  return turns.flatMap((turn: unknown, index): ConversationMessage[] => {
    if (!isRecord(turn)) readFailure([index], `a turn must be an object, got ${kindOf(turn)}`);
    refuseOtherFormatsToolFields(turn, index, "deepeval");
    const content = textContentAt(turn.content, [index, "content"]);
    const key = deepEvalToolKeys.find((k) => turn[k] !== undefined && turn[k] !== null);
    if (turn.role === "user") {
      if (key !== undefined)
        readFailure([index, key], "a user turn cannot call tools; give tools_called on the assistant turn");
      return [{ role: "user", content }];
    }
    if (turn.role !== "assistant") {
      readFailure(
        [index, "role"],
        `a DeepEval turn's role is "user" or "assistant", got ${JSON.stringify(turn.role)}`,
      );
    }
    const calls = key !== undefined ? callsAt(turn[key], [index, key]) : [];
    const steps = callingSteps(calls, `turn-${index}-call-`);
    return content.trim() === "" && steps.length > 0
      ? steps
      : [...steps, { role: "assistant", content, toolCalls: [] }];
  });
}
