// Ragas ToolCallF1 (ragas 0.4.0, src/ragas/metrics/_tool_call_f1.py), rewritten from its rules.
import { pythonRound } from "../../math/python-round.js";
import type { ToolCall } from "../../sample/conversation/messages.js";
import { pythonValueKey, valuesEqual } from "../../sample/python-value.js";
import { type CallMatching, callMatching, type DecidedPair } from "../shared/conversation/call-pairing.js";

/**
 * A key two calls share exactly when they are the same (name, arguments) pair: same name, arguments equal by Python
 * `==`. Grouping by it finds equal calls in linear time.
 */
function callKey(call: ToolCall): string {
  return `${JSON.stringify(call.name)}:${pythonValueKey(call.args)}`;
}

/** The distinct calls of a list, as Python's set of `(name, frozenset(args.items()))` keeps them. */
export function distinctToolCalls(calls: readonly ToolCall[]): ToolCall[] {
  return [...firstOfEachCall(calls).values()].map((i) => calls[i]!);
}

/** Each distinct call's key and the index of its first occurrence, in the order of the list. */
function firstOfEachCall(calls: readonly ToolCall[]): Map<string, number> {
  const first = new Map<string, number>();
  calls.forEach((call, i) => {
    const key = callKey(call);
    if (!first.has(key)) first.set(key, i);
  });
  return first;
}

/** The counts and the score. */
export interface ToolCallF1Score {
  value: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /**
   * Each distinct made call paired with the expected call equal to it; a call equal to an earlier one of its list
   * is counted once and not listed again.
   */
  callMatching: CallMatching;
}

/**
 * Ragas `ToolCallF1`: with made and expected as sets of (name, arguments) (duplicates counted once, arguments equal
 * by Python `==`, so `{x: 1}` equals `{x: true}` but not `{x: "1"}`), precision tp / (tp + fp) and recall
 * tp / (tp + fn) (0 when their denominators are 0), F1 = 2pr / (p + r) (0 when p + r is 0), rounded to 4 decimals
 * half to even as Python's `round`.
 *
 * @example
 * toolCallF1([{ name: "a", args: {} }], [{ name: "a", args: {} }, { name: "b", args: {} }]).value; // 0.6667
 */
export function toolCallF1(made: readonly ToolCall[], reference: readonly ToolCall[]): ToolCallF1Score {
  const actual = firstOfEachCall(made);
  const expected = firstOfEachCall(reference);
  const decided: DecidedPair[] = [];
  for (const [key, a] of actual) {
    const e = expected.get(key);
    if (e !== undefined) decided.push({ made: a, reference: e, status: "matched" });
  }
  const tp = decided.length;
  const fp = actual.size - tp;
  const fn = expected.size - tp;
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return {
    value: pythonRound(f1, 4),
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    callMatching: callMatching(
      made,
      reference,
      decided,
      { equal: (x, y) => valuesEqual(x, y, "python") },
      "referenceToolCalls",
      { listed: { made: [...actual.values()], reference: [...expected.values()] } },
    ),
  };
}
