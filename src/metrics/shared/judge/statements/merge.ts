// The merge rule for a verdict given part by part: contexts too long for the judge's window are judged in parts,
// and the parts' verdicts on one statement (or one context) become one verdict. Faithfulness, the metrics that
// check statements with its verdicts step, and context precision all merge this way.

/**
 * One statement's verdict as a formula reads it: 1 supported by the contexts, 0 not; `weight`, when present
 * (scoring "expected"), is the judge's probability of 1 and counts in place of the verdict.
 */
export interface StatementVerdict {
  verdict: 0 | 1;
  weight?: number;
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
