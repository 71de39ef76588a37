// Ragas ToolCallAccuracy (ragas 0.4.0, src/ragas/metrics/_tool_call_accuracy.py), rewritten from its rules.
import type { JsonValue, ToolCall } from "../shared/conversation/messages.js";
import { compareCodePoints, compareStringTuples, pythonStr } from "../shared/python-value.js";

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
}

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
  if (made.length === 0 && reference.length === 0) return { value: 1, sequenceAligned: true, pairScores: [] };
  if (made.length === 0 || reference.length === 0)
    return { value: 0, sequenceAligned: false, pairScores: [] };
  const byKey = (a: ToolCall, b: ToolCall) => compareStringTuples(toolCallSortKey(a), toolCallSortKey(b));
  const predicted = strictOrder ? made : [...made].sort(byKey);
  const expected = strictOrder ? reference : [...reference].sort(byKey);
  const names = (calls: readonly ToolCall[]) => calls.map((c) => c.name);
  const predictedNames = strictOrder ? names(predicted) : names(predicted).sort(compareCodePoints);
  const expectedNames = strictOrder ? names(expected) : names(expected).sort(compareCodePoints);
  const sequenceAligned =
    predictedNames.length === expectedNames.length && predictedNames.every((n, i) => n === expectedNames[i]);
  const compared = Math.min(predicted.length, expected.length);
  const pairScores: Array<number | null> = [];
  let score = 0;
  for (let i = 0; i < compared; i++) {
    const ref = expected[i]!;
    const pred = predicted[i]!;
    const pair = ref.name === pred.name ? toolArgumentScore(pred.args, ref.args) : null;
    pairScores.push(pair);
    if (pair !== null) score += pair;
  }
  score /= expected.length;
  if (compared < expected.length) score *= compared / expected.length;
  return { value: score * (sequenceAligned ? 1 : 0), sequenceAligned, pairScores };
}
