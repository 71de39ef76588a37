// The context relevance formula (Haystack's ContextRelevanceEvaluator), in its two conventions.

/**
 * How the row score is formed:
 * - `"statements"` (default; Haystack before 2.4): the judge scores every statement of the contexts
 *   0/1; the row score is the fraction scored 1 (0 when there are no statements).
 * - `"relevant-statements"` (Haystack 2.4+): the judge returns only the relevant statements; the row
 *   scores 1 when there is at least one, else 0.
 */
export type ContextRelevanceMode = "statements" | "relevant-statements";

/** The modes, in documentation order. */
export const contextRelevanceModes = ["statements", "relevant-statements"] as const;

/**
 * A row's context relevance from its statements' 0/1 scores (in `"relevant-statements"` mode every
 * statement the judge returned is relevant, so all are 1). No statements, e.g. no contexts, scores 0.
 * `weights` (scoring "expected": per statement, the judge's probability of 1) replace the 0/1 scores in
 * `"statements"` mode.
 *
 * @example
 * contextRelevanceScore([1, 0, 0, 1], "statements"); // 0.5
 * contextRelevanceScore([1, 0], "statements", [0.8, 0.3]); // 0.55
 * contextRelevanceScore([1], "relevant-statements"); // 1
 */
export function contextRelevanceScore(
  statementScores: ReadonlyArray<0 | 1>,
  mode: ContextRelevanceMode,
  weights?: readonly number[],
): number {
  const relevant = statementScores.filter((s) => s === 1).length;
  if (mode === "relevant-statements") return relevant > 0 ? 1 : 0;
  if (statementScores.length === 0) return 0;
  if (weights !== undefined) return weights.reduce((sum, w) => sum + w, 0) / weights.length;
  return relevant / statementScores.length;
}
