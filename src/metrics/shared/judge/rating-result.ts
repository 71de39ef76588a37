import type { MetricResult } from "../../types.js";
import { type RatingPair, ratingReadDetails } from "./ratings.js";
import type { StatementSteps } from "./statements/steps.js";

/**
 * The result of an NVIDIA two-rating metric: `value` from the pair's scored ratings, the written
 * ratings out of `top` as the reason, and the details every such metric reports (ratings, what was
 * read of them, usage, and what was split, when anything was).
 */
export function ratingPairResult(
  pair: RatingPair,
  value: number,
  top: number,
  steps: StatementSteps,
): MetricResult {
  const ratings = pair.written;
  return {
    value,
    status: "ok",
    reason: `ratings ${ratings[0]} and ${ratings[1]} out of ${top}`,
    details: {
      ratings,
      ...ratingReadDetails(pair),
      usage: steps.usage,
      ...(steps.splits.length > 0 ? { splits: steps.splits } : {}),
    },
  };
}

/** The result of an NVIDIA two-rating metric that Ragas scores without asking the judge. */
export function ratingShortcutResult(value: number, reason: string, steps: StatementSteps): MetricResult {
  return { value, status: "ok", reason, details: { ratings: [], usage: steps.usage } };
}
