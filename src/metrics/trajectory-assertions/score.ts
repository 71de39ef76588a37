// promptfoo's trajectory assertions (promptfoo src/assertions/trajectory.ts and trajectoryUtils.ts, commit
// a5f000dbe3a1), rewritten from their rules over a conversation instead of trace spans: each assistant message
// gives a `message` step when it has text, then one `tool` step per tool call; the tool calls of one assistant
// message are one turn (promptfoo groups calls whose spans overlap).
import { isDeepStrictEqual } from "node:util";
import type { ConversationMessage, JsonValue } from "../../sample/conversation/messages.js";

/** One step of the trajectory. */
export interface TrajectoryStep {
  type: "tool" | "message";
  name: string;
  /** The tool's arguments (tool steps). */
  args?: Record<string, JsonValue>;
  /** Index of the assistant message it belongs to: its turn. */
  turn: number;
}

/** A step matcher: a name or a pattern, both read as globs. */
export interface StepMatcher {
  name?: string;
  pattern?: string;
}

/** The steps of a conversation (see the file's opening comment). */
export function trajectorySteps(messages: readonly ConversationMessage[]): TrajectoryStep[] {
  const steps: TrajectoryStep[] = [];
  messages.forEach((m, turn) => {
    if (m.role !== "assistant") return;
    if (m.content.trim() !== "") steps.push({ type: "message", name: "assistant", turn });
    for (const call of m.toolCalls) steps.push({ type: "tool", name: call.name, args: call.args, turn });
  });
  return steps;
}

/** promptfoo's glob: `*` any characters, `?` one, the whole name, case-insensitive. */
export function globMatches(text: string, pattern: string): boolean {
  let source = "";
  for (const ch of pattern) {
    if (ch === "*") source += ".*";
    else if (ch === "?") source += ".";
    else source += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, "i").test(text);
}

/** Whether a step matches: its aliases (its name, and `message` for message steps) against the name or pattern. */
export function stepMatches(step: TrajectoryStep, matcher: StepMatcher): boolean {
  const pattern = matcher.pattern || matcher.name;
  if (!pattern) return true;
  const aliases = step.type === "message" ? [step.name, "message"] : [step.name];
  return aliases.some((alias) => globMatches(alias, pattern));
}

const asMatcher = (m: string | StepMatcher): StepMatcher => (typeof m === "string" ? { pattern: m } : m);

/** The tool-used value as promptfoo reads it. */
export type ToolUsedValue = string | readonly string[] | (StepMatcher & { min?: number; max?: number });

/** promptfoo's trajectory:tool-used on the tool steps; `inverse` as its `not-` prefix. */
export function toolUsed(steps: readonly TrajectoryStep[], value: ToolUsedValue, inverse: boolean): boolean {
  const tools = steps.filter((s) => s.type === "tool");
  if (typeof value === "string" || Array.isArray(value)) {
    const matchers = (typeof value === "string" ? [value] : (value as readonly string[])).map(asMatcher);
    const used = matchers.filter((m) => tools.some((s) => stepMatches(s, m)));
    return inverse ? used.length === 0 : used.length === matchers.length;
  }
  const counted = value as StepMatcher & { min?: number; max?: number };
  const count = tools.filter((s) => stepMatches(s, counted)).length;
  const pass = count >= (counted.min ?? 1) && (counted.max === undefined || count <= counted.max);
  return inverse ? !pass : pass;
}

/** A sequence step: one matcher, or a group that one turn must call together. */
export type SequenceStep = string | StepMatcher | ReadonlyArray<string | StepMatcher>;

/** Whether a turn's tool steps can be paired one to one with the group's matchers (any order). */
function turnMatchesGroup(turn: readonly TrajectoryStep[], group: readonly StepMatcher[]): boolean {
  if (turn.length !== group.length) return false;
  const used = turn.map(() => false);
  const assign = (k: number): boolean => {
    if (k === group.length) return true;
    for (let i = 0; i < turn.length; i++) {
      if (!used[i] && stepMatches(turn[i]!, group[k]!)) {
        used[i] = true;
        if (assign(k + 1)) return true;
        used[i] = false;
      }
    }
    return false;
  };
  return assign(0);
}

/** Ordered match of items against expectations: exact (same length, each in place) or in order (a subsequence). */
function sequenceMatches<T, E>(
  items: readonly T[],
  expected: readonly E[],
  exact: boolean,
  match: (t: T, e: E) => boolean,
): boolean {
  if (exact) return items.length === expected.length && expected.every((e, i) => match(items[i]!, e));
  let next = 0;
  for (const item of items) {
    if (next >= expected.length) break;
    if (match(item, expected[next]!)) next += 1;
  }
  return next === expected.length;
}

/**
 * promptfoo's trajectory:tool-sequence on the tool steps: flat steps match tool calls one by one; as soon as one step
 * is a group, every step is a group and is matched against turns (the tool calls of one assistant message).
 */
export function toolSequence(
  steps: readonly TrajectoryStep[],
  sequence: readonly SequenceStep[],
  mode: "exact" | "in_order",
  inverse: boolean,
): boolean {
  const tools = steps.filter((s) => s.type === "tool");
  const groups = sequence.map((s) => (Array.isArray(s) ? s : [s]).map(asMatcher));
  const exact = mode === "exact";
  let pass: boolean;
  if (sequence.some((s) => Array.isArray(s))) {
    const turns: TrajectoryStep[][] = [];
    for (const step of tools) {
      const last = turns[turns.length - 1];
      if (last !== undefined && last[0]!.turn === step.turn) last.push(step);
      else turns.push([step]);
    }
    pass = sequenceMatches(turns, groups, exact, turnMatchesGroup);
  } else {
    pass = sequenceMatches(tools, groups.flat(), exact, stepMatches);
  }
  return inverse ? !pass : pass;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** promptfoo's partial argument match: expected keys present and matching, lists item by item, else deep-equal. */
export function argsMatchPartial(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((e, i) => argsMatchPartial(actual[i], e))
    );
  }
  if (isRecord(expected)) {
    return (
      isRecord(actual) &&
      Object.entries(expected).every(([k, v]) => Object.hasOwn(actual, k) && argsMatchPartial(actual[k], v))
    );
  }
  return isDeepStrictEqual(actual, expected);
}

function withoutKeys(value: unknown, drop: (key: string, v: unknown) => boolean): unknown {
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k, v]) => !drop(k, v)));
}

/** The tool-args-match value as promptfoo reads it. */
export interface ToolArgsMatchValue extends StepMatcher {
  args?: unknown;
  arguments?: unknown;
  mode: "partial" | "exact";
  defaults?: Record<string, unknown>;
  ignore?: string | readonly string[];
}

/**
 * promptfoo's trajectory:tool-args-match: some tool step matching the name has arguments that match — after
 * `ignore` (names, or globs when they hold `*` or `?`) is dropped from both sides and arguments equal to their
 * `defaults` are dropped from the made call — exactly (deep strict equality) or partially ({@link argsMatchPartial}).
 */
export function toolArgsMatch(
  steps: readonly TrajectoryStep[],
  value: ToolArgsMatchValue,
  inverse: boolean,
): boolean {
  const expected = value.args !== undefined ? value.args : value.arguments;
  const ignore =
    value.ignore === undefined ? [] : typeof value.ignore === "string" ? [value.ignore] : value.ignore;
  const ignored = (key: string) =>
    ignore.some((entry) => entry === key || (/[*?]/.test(entry) && globMatches(key, entry)));
  const defaults = value.defaults;
  const clean = (actual: unknown) =>
    withoutKeys(
      withoutKeys(actual, ignored),
      (k, v) => defaults !== undefined && Object.hasOwn(defaults, k) && isDeepStrictEqual(v, defaults[k]),
    );
  const wanted = withoutKeys(expected, ignored);
  const pass = steps.some(
    (s) =>
      s.type === "tool" &&
      s.args !== undefined &&
      stepMatches(s, value) &&
      (value.mode === "exact"
        ? isDeepStrictEqual(clean(s.args), wanted)
        : argsMatchPartial(clean(s.args), wanted)),
  );
  return inverse ? !pass : pass;
}

/** The step-count value as promptfoo reads it. */
export interface StepCountValue extends StepMatcher {
  min?: number;
  max?: number;
  type?: TrajectoryStep["type"] | ReadonlyArray<TrajectoryStep["type"]>;
}

/** The number of steps of the type and name `value` gives. */
export function countSteps(steps: readonly TrajectoryStep[], value: StepCountValue): number {
  const types =
    value.type === undefined ? undefined : typeof value.type === "string" ? [value.type] : value.type;
  return steps.filter((s) => (types === undefined || types.includes(s.type)) && stepMatches(s, value)).length;
}

/** promptfoo's trajectory:step-count: {@link countSteps} lies in [min, max] (either bound may be left out). */
export function stepCount(
  steps: readonly TrajectoryStep[],
  value: StepCountValue,
  inverse: boolean,
): boolean {
  const count = countSteps(steps, value);
  const pass =
    (value.min === undefined || count >= value.min) && (value.max === undefined || count <= value.max);
  return inverse ? !pass : pass;
}
