// agentevals trajectory match (agentevals 0.0.9, python/agentevals/trajectory/{strict,unordered,subset,superset,
// utils}.py), rewritten from its rules.

import type { ConversationMessage, JsonValue, ToolCall } from "../../sample/conversation/messages.js";
import { type ValueEquality, valuesEqual } from "../../sample/python-value.js";
import {
  type ArgumentRule,
  type CallMatching,
  callMatching,
  type DecidedPair,
} from "../shared/conversation/call-pairing.js";
import { conversationCalls as callsOf } from "../shared/conversation/call-pairing-text.js";

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

/**
 * agentevals' `_is_trajectory_superset(outputs, reference)` as a pairing: each call of `reference`, in order, takes
 * the first call of `outputs` not yet taken with the same name whose arguments match (`matcher(output args,
 * reference args)`). Returns, per reference call, the index of the output call it took, or -1.
 */
function supersetPairing(
  outputs: readonly ToolCall[],
  reference: readonly ToolCall[],
  settings: TrajectoryMatchSettings,
): number[] {
  const taken = new Set<number>();
  return reference.map((ref) => {
    const matcher = argsMatcherFor(ref.name, settings);
    const at = outputs.findIndex(
      (out, i) => out.name === ref.name && !taken.has(i) && matcher(out.args, ref.args),
    );
    if (at !== -1) taken.add(at);
    return at;
  });
}

/** agentevals' `_is_trajectory_superset(outputs, reference)`: every reference call takes an output call. */
export function isTrajectorySuperset(
  outputs: readonly ToolCall[],
  reference: readonly ToolCall[],
  settings: TrajectoryMatchSettings,
): boolean {
  return supersetPairing(outputs, reference, settings).every((at) => at !== -1);
}

/** The calls of `messages[i]` as indexes into all the conversation's calls. */
function callOffsets(messages: readonly ConversationMessage[]): number[] {
  let next = 0;
  return messages.map((m) => {
    const at = next;
    next += m.role === "assistant" ? m.toolCalls.length : 0;
    return at;
  });
}

/** The message position of each tool call of a conversation's assistant messages (the indexes of callMatching). */
function callMessages(messages: readonly ConversationMessage[]): number[] {
  return messages.flatMap((m, i) => (m.role === "assistant" ? m.toolCalls.map(() => i) : []));
}

/**
 * agentevals' strict match, as the pairs it takes: at each message index where both conversations have an
 * assistant message, each made call, in order, takes the first reference call of that message not yet taken with
 * the same name and matching arguments. It matches when both have the same length and roles message by message
 * and every call of each is taken.
 */
function strictPairing(
  outputs: readonly ConversationMessage[],
  reference: readonly ConversationMessage[],
  settings: TrajectoryMatchSettings,
): { match: boolean; decided: DecidedPair[] } {
  const madeAt = callOffsets(outputs);
  const refAt = callOffsets(reference);
  const decided: DecidedPair[] = [];
  let match = outputs.length === reference.length;
  for (let i = 0; i < Math.max(outputs.length, reference.length); i++) {
    const output = outputs[i];
    const ref = reference[i];
    if (output?.role !== ref?.role) match = false;
    const outCalls = output?.role === "assistant" ? output.toolCalls : [];
    const refCalls = ref?.role === "assistant" ? ref.toolCalls : [];
    if (output?.role !== ref?.role || outCalls.length !== refCalls.length) match = false;
    if (output?.role !== "assistant" || ref?.role !== "assistant") continue;
    const seen = refCalls.map(() => false);
    outCalls.forEach((call, k) => {
      const matcher = argsMatcherFor(call.name, settings);
      const at = refCalls.findIndex((r, j) => !seen[j] && r.name === call.name && matcher(call.args, r.args));
      if (at === -1) {
        match = false;
        return;
      }
      seen[at] = true;
      decided.push({ made: madeAt[i]! + k, reference: refAt[i]! + at, status: "matched" });
    });
  }
  return { match, decided };
}

/**
 * How trajectory_match compares arguments, as the per-argument lines show it: every argument is ignored under
 * `ignore`; under a path list, an argument is compared (as a whole) when some path starts with its name.
 */
function argumentRule(name: string, settings: TrajectoryMatchSettings): ArgumentRule {
  const override = Object.hasOwn(settings.toolArgsMatchOverrides, name)
    ? settings.toolArgsMatchOverrides[name]
    : undefined;
  const mode = override === undefined || override.length === 0 ? settings.toolArgsMatchMode : override;
  return {
    equal: (a, b) => valuesEqual(a, b, settings.valueEquality),
    ignored: (key) =>
      mode === "ignore" || (typeof mode !== "string" && !mode.some((path) => path.split(".")[0] === key)),
  };
}

/** The result of {@link trajectoryMatchPairs}: the verdict and the pairs that decided it. */
export interface TrajectoryMatchResult {
  match: boolean;
  callMatching: CallMatching;
}

/**
 * agentevals' trajectory match of the conversation (`outputs`) against the reference conversation: `strict`
 * compares message by message; `unordered` is superset both ways; `subset` is `isTrajectorySuperset(reference,
 * outputs)` (so the argument matcher gets the reference's arguments first); `superset` is
 * `isTrajectorySuperset(outputs, reference)`. The pairs are those the match took (for `unordered`, those of the
 * superset direction, each reference call taking a made call).
 *
 * @example
 * trajectoryMatchPairs(made, expected, "superset", { toolArgsMatchMode: "ignore", toolArgsMatchOverrides: {}, valueEquality: "python" }).match;
 */
export function trajectoryMatchPairs(
  outputs: readonly ConversationMessage[],
  reference: readonly ConversationMessage[],
  mode: TrajectoryMatchMode,
  settings: TrajectoryMatchSettings,
): TrajectoryMatchResult {
  const made = callsOf(outputs);
  const expected = callsOf(reference);
  const rule = (name: string) => argumentRule(name, settings);
  const result = (
    match: boolean,
    decided: DecidedPair[],
    sameMessage?: (made: number, reference: number) => boolean,
  ): TrajectoryMatchResult => ({
    match,
    callMatching: callMatching(
      made,
      expected,
      decided,
      rule,
      "referenceMessages",
      sameMessage && { sameMessage },
    ),
  });
  if (mode === "strict") {
    // Strict compares message by message: a leftover call of the expected tool in the same message position differs
    // in its arguments; one made in another message is shown as such (the messages differ, not the order).
    const strict = strictPairing(outputs, reference, settings);
    const madeMessage = callMessages(outputs);
    const refMessage = callMessages(reference);
    return result(strict.match, strict.decided, (m, r) => madeMessage[m] === refMessage[r]);
  }
  const pairs = (takes: number[], reversed: boolean): DecidedPair[] =>
    takes.flatMap((at, i) =>
      at === -1
        ? []
        : [{ made: reversed ? i : at, reference: reversed ? at : i, status: "matched" as const }],
    );
  if (mode === "subset") {
    const takes = supersetPairing(expected, made, settings);
    return result(
      takes.every((at) => at !== -1),
      pairs(takes, true),
    );
  }
  const takes = supersetPairing(made, expected, settings);
  const superset = takes.every((at) => at !== -1);
  if (mode === "superset") return result(superset, pairs(takes, false));
  return result(superset && isTrajectorySuperset(expected, made, settings), pairs(takes, false));
}

/**
 * agentevals' trajectory match: whether the conversation matches the reference conversation (see
 * {@link trajectoryMatchPairs}).
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
  return trajectoryMatchPairs(outputs, reference, mode, settings).match;
}
