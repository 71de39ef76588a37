import { type RatingPair, rateWithBoth } from "../shared/judge/ratings.js";
import type { StatementSteps } from "../shared/judge/statements/steps.js";
import { nvContextRelevancePrompt1, nvContextRelevancePrompt2 } from "./prompt.js";

/** The two relevance ratings; contexts too long for the window are rated in parts, the highest kept. */
export function judgeNvContextRelevance(
  steps: StatementSteps,
  input: { question: string; contexts: readonly string[] },
): Promise<RatingPair> {
  return rateWithBoth(
    steps,
    [nvContextRelevancePrompt1, nvContextRelevancePrompt2],
    (context) => ({ question: input.question, context }),
    { texts: input.contexts, field: "retrievedContexts" },
  );
}
