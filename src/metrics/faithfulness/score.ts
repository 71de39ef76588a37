// The faithfulness formula: supported statements / all statements. Ragas and Haystack differ only in
// what an answer without statements scores; the convention is a parameter. Verdicts on split contexts are merged
// before they get here (`mergePartVerdicts`, shared/judge/statements/merge.ts).
import type { StatementVerdict } from "../shared/judge/statements/merge.js";

/** Options of {@link faithfulnessScore}. */
export interface FaithfulnessScoreOptions {
  /**
   * What an answer with no statements scores: `"null"` (Ragas, which gives NaN: nothing to check) or
   * `"zero"` (Haystack).
   */
  noStatements: "null" | "zero";
}

/**
 * The share of statements the contexts support: (verdicts equal to 1) / (number of verdicts); a verdict with a
 * `weight` (probability of 1) counts that much instead.
 *
 * @example
 * faithfulnessScore([{ verdict: 1 }, { verdict: 0 }], { noStatements: "null" }); // 0.5
 * faithfulnessScore([{ verdict: 1, weight: 0.9 }, { verdict: 0, weight: 0.2 }], { noStatements: "null" }); // 0.55
 * faithfulnessScore([], { noStatements: "zero" }); // 0
 */
export function faithfulnessScore(
  verdicts: readonly StatementVerdict[],
  options: FaithfulnessScoreOptions,
): number | null {
  if (verdicts.length === 0) return options.noStatements === "null" ? null : 0;
  return verdicts.reduce((sum, v) => sum + (v.weight ?? v.verdict), 0) / verdicts.length;
}

/** How many verdicts are 1. */
export function supportedCount(verdicts: readonly StatementVerdict[]): number {
  return verdicts.filter((v) => v.verdict === 1).length;
}
