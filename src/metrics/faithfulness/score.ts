// The faithfulness formula: supported statements / all statements. Ragas and Haystack differ only in
// what an answer without statements scores; the convention is a parameter.

/**
 * One statement's verdict as the formula reads it: 1 supported by the contexts, 0 not; `weight`, when present
 * (scoring "expected"), is the judge's probability of 1 and counts in place of the verdict.
 */
export interface StatementVerdict {
  verdict: 0 | 1;
  weight?: number;
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

/** A part's verdict as {@link mergePartVerdicts} merges it. */
export interface PartVerdict extends StatementVerdict {
  reason?: string;
  confidence?: number;
}

/**
 * Merges the verdicts the judge gave one statement against each part of split contexts (contexts too
 * long for the judge's window are judged part by part): the statement is supported when any part
 * supports it, with that part's reason and confidence; otherwise the first part's are kept. A weight
 * (probability of 1) merges as the largest part weight: the best support any part gives.
 *
 * @example
 * mergePartVerdicts([{ verdict: 0, reason: "a" }, { verdict: 1, reason: "b" }]); // { reason: "b", verdict: 1 }
 */
export function mergePartVerdicts(perPart: readonly PartVerdict[]): PartVerdict {
  const supporting = perPart.find((v) => v.verdict === 1);
  const chosen = supporting ?? perPart[0]!;
  const weights = perPart.flatMap((v) => (v.weight === undefined ? [] : [v.weight]));
  // Key order matters to results files and reports (statement, reason, verdict, as before).
  return {
    ...(chosen.reason !== undefined ? { reason: chosen.reason } : {}),
    verdict: supporting ? 1 : 0,
    ...(chosen.confidence !== undefined ? { confidence: chosen.confidence } : {}),
    ...(weights.length > 0 ? { weight: Math.max(...weights) } : {}),
  };
}
