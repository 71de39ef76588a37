// agentevals trajectory match (agentevals 0.0.9, python/agentevals/trajectory/{strict,unordered,subset,superset,
// utils}.py), rewritten from its rules.
import type { ConversationMessage, JsonValue, ToolCall } from "../shared/conversation/messages.js";
import { type ValueEquality, valuesEqual } from "../shared/python-value.js";

/** How arguments compare: agentevals' tool_args_match_mode. */
export type ToolArgsMatchMode = "exact" | "ignore" | "subset" | "superset";

/** The trajectory match modes. */
export type TrajectoryMatchMode = "strict" | "unordered" | "subset" | "superset";

/** A per-tool override: a mode, or argument paths that must be equal (the rest ignored). */
export type ToolArgsMatchOverride = ToolArgsMatchMode | readonly string[];

/** Everything the match reads besides the two conversations. */
export interface TrajectoryMatchSettings {
  toolArgsMatchMode: ToolArgsMatchMode;
  toolArgsMatchOverrides: Readonly<Record<string, ToolArgsMatchOverride>>;
  valueEquality: ValueEquality;
}

type Args = Record<string, JsonValue>;
type ArgsMatcher = (call: Args, reference: Args) => boolean;

/** Each key of `inner` is in `outer` with an equal value. */
function contained(inner: Args, outer: Args, equality: ValueEquality): boolean {
  return Object.entries(inner).every(
    ([k, v]) => Object.hasOwn(outer, k) && valuesEqual(outer[k], v, equality),
  );
}

/** The value at a dotted path, or null where the path leaves objects or meets null (agentevals' get_nested_value). */
function nestedValue(args: Args, keyPath: string): JsonValue {
  let current: JsonValue = args;
  for (const part of keyPath.split(".")) {
    if (current === null || typeof current !== "object" || Array.isArray(current)) return null;
    const next: JsonValue | undefined = (current as Args)[part];
    if (next === undefined || next === null) return null;
    current = next;
  }
  return current;
}

/** The matcher of a mode; the first argument is the call, the second the reference (as agentevals passes them). */
function modeMatcher(mode: ToolArgsMatchMode, equality: ValueEquality): ArgsMatcher {
  switch (mode) {
    case "exact":
      return (a, b) => valuesEqual(a, b, equality);
    case "subset":
      return (a, b) => contained(a, b, equality);
    case "superset":
      return (a, b) => contained(b, a, equality);
    default:
      return () => true;
  }
}

/** The matcher for a tool: its override when one is set and not empty, else the mode (agentevals' truthiness). */
export function argsMatcherFor(name: string, settings: TrajectoryMatchSettings): ArgsMatcher {
  const override = Object.hasOwn(settings.toolArgsMatchOverrides, name)
    ? settings.toolArgsMatchOverrides[name]
    : undefined;
  if (override === undefined || override.length === 0) {
    return modeMatcher(settings.toolArgsMatchMode, settings.valueEquality);
  }
  if (typeof override === "string") return modeMatcher(override as ToolArgsMatchMode, settings.valueEquality);
  const keys = override as readonly string[];
  return (a, b) =>
    keys.every((key) => valuesEqual(nestedValue(a, key), nestedValue(b, key), settings.valueEquality));
}

/** All tool calls of a conversation, in order. */
function callsOf(messages: readonly ConversationMessage[]): ToolCall[] {
  return messages.flatMap((m) => (m.role === "assistant" ? m.toolCalls : []));
}

/**
 * agentevals' `_is_trajectory_superset(outputs, reference)`: each call of `reference`, in order, takes the first
 * call of `outputs` not yet taken with the same name whose arguments match (`matcher(output args, reference args)`).
 */
export function isTrajectorySuperset(
  outputs: readonly ToolCall[],
  reference: readonly ToolCall[],
  settings: TrajectoryMatchSettings,
): boolean {
  const taken = new Set<number>();
  for (const ref of reference) {
    const matcher = argsMatcherFor(ref.name, settings);
    const at = outputs.findIndex(
      (out, i) => out.name === ref.name && !taken.has(i) && matcher(out.args, ref.args),
    );
    if (at === -1) return false;
    taken.add(at);
  }
  return true;
}

/** agentevals' strict match: same length, same role and the same tool calls (any order inside a message). */
function strictMatch(
  outputs: readonly ConversationMessage[],
  reference: readonly ConversationMessage[],
  settings: TrajectoryMatchSettings,
): boolean {
  if (outputs.length !== reference.length) return false;
  return outputs.every((output, i) => {
    const ref = reference[i]!;
    if (output.role !== ref.role) return false;
    const outCalls = output.role === "assistant" ? output.toolCalls : [];
    const refCalls = ref.role === "assistant" ? ref.toolCalls : [];
    if (outCalls.length === 0 || refCalls.length === 0) return outCalls.length === refCalls.length;
    if (outCalls.length !== refCalls.length) return false;
    const seen = refCalls.map(() => false);
    return outCalls.every((call) => {
      const matcher = argsMatcherFor(call.name, settings);
      const at = refCalls.findIndex((r, j) => !seen[j] && r.name === call.name && matcher(call.args, r.args));
      if (at === -1) return false;
      seen[at] = true;
      return true;
    });
  });
}

/**
 * agentevals' trajectory match of the conversation (`outputs`) against the reference conversation: `strict`
 * compares message by message; `unordered` is superset both ways; `subset` is `isTrajectorySuperset(reference,
 * outputs)` (so the argument matcher gets the reference's arguments first); `superset` is
 * `isTrajectorySuperset(outputs, reference)`.
 *
 * @example
 * trajectoryMatch(made, expected, "superset", { toolArgsMatchMode: "ignore", toolArgsMatchOverrides: {}, valueEquality: "python" });
 */
export function trajectoryMatch(
  outputs: readonly ConversationMessage[],
  reference: readonly ConversationMessage[],
  mode: TrajectoryMatchMode,
  settings: TrajectoryMatchSettings,
): boolean {
  if (mode === "strict") return strictMatch(outputs, reference, settings);
  const made = callsOf(outputs);
  const expected = callsOf(reference);
  if (mode === "superset") return isTrajectorySuperset(made, expected, settings);
  if (mode === "subset") return isTrajectorySuperset(expected, made, settings);
  return isTrajectorySuperset(made, expected, settings) && isTrajectorySuperset(expected, made, settings);
}
