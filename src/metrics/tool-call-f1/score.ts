// Ragas ToolCallF1 (ragas 0.4.0, src/ragas/metrics/_tool_call_f1.py), rewritten from its rules.
import { pythonRound } from "../../math/python-round.js";
import { type CallMatching, callMatching, type DecidedPair } from "../shared/conversation/call-pairing.js";
import type { ToolCall } from "../shared/conversation/messages.js";
import { valuesEqual } from "../shared/python-value.js";

/** Whether two calls are the same (name, arguments) pair: same name, arguments equal by Python `==`. */
function sameCall(a: ToolCall, b: ToolCall): boolean {
  return a.name === b.name && valuesEqual(a.args, b.args, "python");
}

/** The distinct calls of a list, as Python's set of `(name, frozenset(args.items()))` keeps them. */
export function distinctToolCalls(calls: readonly ToolCall[]): ToolCall[] {
  return distinctIndexes(calls).map((i) => calls[i]!);
}

/** The index of each distinct call's first occurrence. */
function distinctIndexes(calls: readonly ToolCall[]): number[] {
  const out: number[] = [];
  calls.forEach((call, i) => {
    if (!out.some((j) => sameCall(calls[j]!, call))) out.push(i);
  });
  return out;
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
  const actual = distinctIndexes(made);
  const expected = distinctIndexes(reference);
  const decided: DecidedPair[] = [];
  for (const a of actual) {
    const e = expected.find((j) => sameCall(made[a]!, reference[j]!));
    if (e !== undefined) decided.push({ made: a, reference: e, status: "matched" });
  }
  const tp = decided.length;
  const fp = actual.length - tp;
  const fn = expected.filter((e) => !actual.some((a) => sameCall(made[a]!, reference[e]!))).length;
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
      { listed: { made: actual, reference: expected } },
    ),
  };
}
