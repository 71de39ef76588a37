// Which tool call made matched which expected call: the shape the tool-call metrics put in their row details
// (`details.callMatching`) and the report draws. Each metric builds the pairs where its formula decides them; this
// file only holds the shape and the steps every metric shares (argument comparison, naming the leftovers).

import type { JsonValue, ToolCall } from "../../../sample/conversation/messages.js";
import { OrderedGroups } from "../../../util/ordered-groups.js";

/** How one argument of a paired call compares: in both and equal, in both and different, only in the reference
 * call (`missing`), only in the made call (`extra`), or not compared by the metric's settings (`ignored`). */
export type ArgumentResult = "equal" | "different" | "missing" | "extra" | "ignored";

/** One argument of a paired call. `key` is the argument name (a dotted path for trajectory_match's path lists). */
export interface ArgumentComparison {
  key: string;
  result: ArgumentResult;
}

/**
 * What the metric made of a pair: `matched` (counted as a full match), `partial` (paired with a score between 0
 * and 1), `argsMismatch` (a call of the expected tool whose arguments differ, which the metric did not accept),
 * `outOfOrder` (a call of the expected tool with the same arguments that an ordered metric did not pair with it,
 * as it came at another position), `otherMessage` (a call of the expected tool made in another message than the
 * reference's, for a metric that compares message by message: trajectory_match's strict mode), `missing` (an
 * expected call no made call answers) or `extra` (a made call no expected call asks for).
 */
export type CallPairStatus =
  | "matched"
  | "partial"
  | "argsMismatch"
  | "outOfOrder"
  | "otherMessage"
  | "missing"
  | "extra";

/** One pair: indexes into the made calls (the assistant messages' tool calls of `messages`, in order) and into
 * the reference calls (`referenceToolCalls`, or the tool calls of `referenceMessages` in order). */
export interface CallPair {
  made: number | null;
  reference: number | null;
  /** The tool's name (the reference call's where both are set). */
  name: string;
  status: CallPairStatus;
  /** The metric's score of the pair, where it scores pairs (tool_call_accuracy, tool_correctness). */
  score?: number;
  /** Per argument, where both calls are set. */
  args?: ArgumentComparison[];
}

/** `details.callMatching` of the tool-call metrics. */
export interface CallMatching {
  /** The sample field the reference indexes point into. */
  referenceField: "referenceToolCalls" | "referenceMessages";
  /** Ordered by reference index, then made calls with no reference call in the order made. */
  pairs: CallPair[];
}

/** How an argument's values compare (the metric's own equality), and which keys the metric does not compare. */
export interface ArgumentRule {
  equal: (made: JsonValue, reference: JsonValue) => boolean;
  ignored?: (key: string) => boolean;
}

/**
 * The reference call's arguments in order, then those only the made call has, each compared by the metric's rule.
 *
 * @example
 * compareArguments({ city: "Oslo", x: 1 }, { city: "Bergen" }, { equal: (a, b) => a === b });
 * // [{ key: "city", result: "different" }, { key: "x", result: "extra" }]
 */
export function compareArguments(
  made: Record<string, JsonValue>,
  reference: Record<string, JsonValue>,
  rule: ArgumentRule,
): ArgumentComparison[] {
  const keys = [...Object.keys(reference), ...Object.keys(made).filter((k) => !Object.hasOwn(reference, k))];
  return keys.map((key): ArgumentComparison => {
    if (rule.ignored?.(key)) return { key, result: "ignored" };
    if (!Object.hasOwn(made, key)) return { key, result: "missing" };
    if (!Object.hasOwn(reference, key)) return { key, result: "extra" };
    return { key, result: rule.equal(made[key]!, reference[key]!) ? "equal" : "different" };
  });
}

/** A pair the metric decided: the made and reference indexes, and its status or score. */
export interface DecidedPair {
  made: number;
  reference: number;
  status: "matched" | "partial" | "argsMismatch";
  score?: number;
}

/** Which leftovers {@link callMatching} names, and which it may show together. */
export interface LeftoverRules {
  /** Only these indexes are listed (tool_call_f1 lists each distinct call once). Defaults to every call. */
  listed?: { made: readonly number[]; reference: readonly number[] };
  /**
   * For a metric that compares message by message (trajectory_match's strict mode): whether two calls, by their
   * indexes, are in the same message position. A missing call is then shown beside an extra call of the same tool
   * in its own message first (`argsMismatch`), else beside one made in another message (`otherMessage`, whatever
   * the arguments). Defaults to none: the first extra call of the same tool, `argsMismatch` or `outOfOrder` by its
   * arguments.
   */
  sameMessage?: (made: number, reference: number) => boolean;
}

/**
 * The full pairing from the pairs a metric decided: every reference call not paired is `missing`, every made call
 * not paired is `extra`, except that a missing call and an extra call of the same tool (first with first; see
 * `leftovers.sameMessage` for a metric that compares message by message) are shown together, so the report can say
 * which arguments differed: as `argsMismatch`, or as `outOfOrder` when no compared argument differs. The score is not changed by this: it only
 * names what the metric left over.
 *
 * @example
 * callMatching(made, reference, [{ made: 0, reference: 0, status: "matched" }], rule, "referenceToolCalls");
 */
export function callMatching(
  made: readonly ToolCall[],
  reference: readonly ToolCall[],
  decided: readonly DecidedPair[],
  rule: ArgumentRule | ((name: string) => ArgumentRule),
  referenceField: CallMatching["referenceField"],
  leftovers: LeftoverRules = {},
): CallMatching {
  const { listed, sameMessage } = leftovers;
  const madeTaken = new Set(decided.map((p) => p.made));
  const refTaken = new Set(decided.map((p) => p.reference));
  if (listed !== undefined) {
    const listedMade = new Set(listed.made);
    const listedReference = new Set(listed.reference);
    made.forEach((_, i) => {
      if (!listedMade.has(i)) madeTaken.add(i);
    });
    reference.forEach((_, i) => {
      if (!listedReference.has(i)) refTaken.add(i);
    });
  }
  // The first made call of a tool not taken: calls are only ever taken, so leftovers pair in linear time.
  const byName = OrderedGroups.of(made.map((c) => c.name));
  const firstFree = (name: string) => byName.first(name, (i) => !madeTaken.has(i));
  const pair = (m: number, r: number, status: CallPair["status"], score?: number): CallPair => ({
    made: m,
    reference: r,
    name: reference[r]!.name,
    status,
    ...(score !== undefined ? { score } : {}),
    args: compareArguments(
      made[m]!.args,
      reference[r]!.args,
      typeof rule === "function" ? rule(reference[r]!.name) : rule,
    ),
  });
  const pairs: CallPair[] = decided.map((p) => pair(p.made, p.reference, p.status, p.score));
  reference.forEach((call, r) => {
    if (refTaken.has(r)) return;
    const free = (c: ToolCall, i: number) => !madeTaken.has(i) && c.name === call.name;
    const here = sameMessage === undefined ? -1 : made.findIndex((c, i) => free(c, i) && sameMessage(i, r));
    const m = here !== -1 ? here : firstFree(call.name);
    if (m === -1) {
      pairs.push({ made: null, reference: r, name: call.name, status: "missing" });
      return;
    }
    madeTaken.add(m);
    const shown = pair(m, r, "argsMismatch");
    if (sameMessage !== undefined) {
      if (here === -1) shown.status = "otherMessage";
    } else if (shown.args!.every((a) => a.result === "equal" || a.result === "ignored")) {
      shown.status = "outOfOrder";
    }
    pairs.push(shown);
  });
  made.forEach((call, m) => {
    if (!madeTaken.has(m)) pairs.push({ made: m, reference: null, name: call.name, status: "extra" });
  });
  const order = (p: CallPair) => p.reference ?? reference.length + (p.made ?? 0);
  return { referenceField, pairs: pairs.sort((a, b) => order(a) - order(b)) };
}
