// Ragas ToolCallAccuracy (ragas 0.4.0, src/ragas/metrics/_tool_call_accuracy.py), rewritten from its rules.

import type { JsonValue, ToolCall } from "../../sample/conversation/messages.js";
import { compareCodePoints, compareStringTuples, pythonStr } from "../../sample/python-value.js";
import {
  type ArgumentRule,
  type CallMatching,
  callMatching,
  type DecidedPair,
} from "../shared/conversation/call-pairing.js";

/**
 * Ragas' argument score: 1 when neither call has arguments, 0 when only the reference has none; else the share of
 * the reference's arguments that the made call has with the same Python `str()` (so `10` matches `"10"` and `true`
 * matches `"True"`, and a nested object matches only with its keys in the same order).
 *
 * @example
 * toolArgumentScore({ city: "Oslo", days: "2" }, { city: "Oslo", days: 2 }); // 1
 */
export function toolArgumentScore(
  made: Record<string, JsonValue>,
  reference: Record<string, JsonValue>,
): number {
  const refKeys = Object.keys(reference);
  if (refKeys.length === 0 && Object.keys(made).length === 0) return 1;
  if (refKeys.length === 0) return 0;
  let score = 0;
  for (const key of refKeys) {
    if (Object.hasOwn(made, key) && pythonStr(made[key]!) === pythonStr(reference[key]!)) score += 1;
  }
  return score / refKeys.length;
}

/** Ragas' sort key of a call for flexible order: the name, then each argument name (sorted) and its `str()`. */
export function toolCallSortKey(call: ToolCall): string[] {
  const key = [call.name];
  for (const name of Object.keys(call.args).sort(compareCodePoints))
    key.push(name, pythonStr(call.args[name]!));
  return key;
}

/** The score and what it was made of. */
export interface ToolCallAccuracyScore {
  value: number;
  /** Whether the names line up (in order, or as sorted lists with `strictOrder` false). */
  sequenceAligned: boolean;
  /** Argument score of each compared pair (null where the names differ). */
  pairScores: Array<number | null>;
  /** Which call was compared with which (the pairs of the same name that the score sums), and the leftovers. */
  callMatching: CallMatching;
}

/** Ragas compares argument values by their Python `str()`. */
const argumentRule: ArgumentRule = { equal: (a, b) => pythonStr(a) === pythonStr(b) };

/**
 * Ragas `ToolCallAccuracy`: 1 when both lists are empty, 0 when either is; else, with the lists sorted by
 * {@link toolCallSortKey} unless `strictOrder`, the sum over the pairs (reference i, made i) whose names match of
 * {@link toolArgumentScore}, divided by the number of reference calls, times (compared / reference calls) when
 * fewer calls were made, times 0 unless the name sequences are equal (sorted, when not `strictOrder`).
 *
 * @example
 * toolCallAccuracy([{ name: "a", args: { x: 1 } }], [{ name: "a", args: { x: "1" } }], true).value; // 1
 */
export function toolCallAccuracy(
  made: readonly ToolCall[],
  reference: readonly ToolCall[],
  strictOrder: boolean,
): ToolCallAccuracyScore {
  const matching = (decided: DecidedPair[]) =>
    callMatching(made, reference, decided, argumentRule, "referenceToolCalls");
  if (made.length === 0 && reference.length === 0)
    return { value: 1, sequenceAligned: true, pairScores: [], callMatching: matching([]) };
  if (made.length === 0 || reference.length === 0)
    return { value: 0, sequenceAligned: false, pairScores: [], callMatching: matching([]) };
  // Indexes rather than calls are sorted, so each pair names the calls as the sample lists them.
  const byKey = (calls: readonly ToolCall[]) => (a: number, b: number) =>
    compareStringTuples(toolCallSortKey(calls[a]!), toolCallSortKey(calls[b]!));
  const indexes = (calls: readonly ToolCall[]) => {
    const all = calls.map((_, i) => i);
    return strictOrder ? all : all.sort(byKey(calls));
  };
  const predicted = indexes(made);
  const expected = indexes(reference);
  const names = (calls: readonly ToolCall[]) => calls.map((c) => c.name);
  const predictedNames = strictOrder ? names(made) : names(made).sort(compareCodePoints);
  const expectedNames = strictOrder ? names(reference) : names(reference).sort(compareCodePoints);
  const sequenceAligned =
    predictedNames.length === expectedNames.length && predictedNames.every((n, i) => n === expectedNames[i]);
  const compared = Math.min(predicted.length, expected.length);
  const pairScores: Array<number | null> = [];
  const decided: DecidedPair[] = [];
  let score = 0;
  for (let i = 0; i < compared; i++) {
    const ref = reference[expected[i]!]!;
    const pred = made[predicted[i]!]!;
    const pair = ref.name === pred.name ? toolArgumentScore(pred.args, ref.args) : null;
    pairScores.push(pair);
    if (pair === null) continue;
    score += pair;
    const status = pair === 1 ? "matched" : pair === 0 ? "argsMismatch" : "partial";
    decided.push({ made: predicted[i]!, reference: expected[i]!, status, score: pair });
  }
  score /= expected.length;
  if (compared < expected.length) score *= compared / expected.length;
  return {
    value: score * (sequenceAligned ? 1 : 0),
    sequenceAligned,
    pairScores,
    callMatching: matching(decided),
  };
}
