// The faithfulness formula: supported statements / all statements. Ragas and Haystack differ only in
// what an answer without statements scores; the convention is a parameter.

/** One statement's verdict as the formula reads it: 1 supported by the contexts, 0 not. */
export interface StatementVerdict {
  verdict: 0 | 1;
}

/** Options of {@link faithfulnessScore}. */
export interface FaithfulnessScoreOptions {
  /**
   * What an answer with no statements scores: `"null"` (Ragas, which gives NaN: nothing to check) or
   * `"zero"` (Haystack).
   */
  noStatements: "null" | "zero";
}

/**
 * The share of statements the contexts support: (verdicts equal to 1) / (number of verdicts).
 *
 * @example
 * faithfulnessScore([{ verdict: 1 }, { verdict: 0 }], { noStatements: "null" }); // 0.5
 * faithfulnessScore([], { noStatements: "zero" }); // 0
 */
export function faithfulnessScore(
  verdicts: readonly StatementVerdict[],
  options: FaithfulnessScoreOptions,
): number | null {
  if (verdicts.length === 0) return options.noStatements === "null" ? null : 0;
  return supportedCount(verdicts) / verdicts.length;
}

/** How many verdicts are 1. */
export function supportedCount(verdicts: readonly StatementVerdict[]): number {
  return verdicts.filter((v) => v.verdict === 1).length;
}

/**
 * Merges the verdicts the judge gave one statement against each part of split contexts (contexts too
 * long for the judge's window are judged part by part): the statement is supported when any part
 * supports it, with that part's reason; otherwise the first part's reason is kept.
 *
 * @example
 * mergePartVerdicts([{ verdict: 0, reason: "a" }, { verdict: 1, reason: "b" }]); // { verdict: 1, reason: "b" }
 */
export function mergePartVerdicts<V extends StatementVerdict & { reason: string }>(
  perPart: readonly V[],
): { verdict: 0 | 1; reason: string } {
  const supporting = perPart.find((v) => v.verdict === 1);
  const chosen = supporting ?? perPart[0]!;
  return { verdict: supporting ? 1 : 0, reason: chosen.reason };
}
