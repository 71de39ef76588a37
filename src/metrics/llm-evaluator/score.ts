import { mean } from "../../math/mean.js";
import { ownValue } from "../../util/object-keys.js";

/**
 * Haystack `LLMEvaluator`'s aggregate: the mean of the numbers under `key` over the rows' answers; rows that
 * failed (null) or whose value there is not a number are left out. Null when no row has a number there.
 *
 * @example
 * meanOfKey([{ score: 1 }, null, { score: 0 }], "score"); // 0.5
 */
export function meanOfKey(
  results: ReadonlyArray<Record<string, unknown> | null>,
  key: string,
): number | null {
  return mean(
    results
      .map((r) => (r === null ? undefined : ownValue(r, key)))
      .filter((v): v is number => typeof v === "number"),
  );
}

/**
 * The metric's value and reason from one answer: the number under `scoreKey`, and the first other key whose value
 * is a text (the judge's reason, when the outputs ask for one). Only the answer's own keys are read.
 *
 * @example
 * answerScore({ reason: "On topic.", score: 1 }, "score"); // { value: 1, reason: "On topic." }
 */
export function answerScore(
  answer: Record<string, unknown>,
  scoreKey: string,
): { value: number; reason: string | undefined } {
  const reason = Object.entries(answer).find(([k, v]) => k !== scoreKey && typeof v === "string");
  return { value: ownValue(answer, scoreKey) as number, reason: reason?.[1] as string | undefined };
}
