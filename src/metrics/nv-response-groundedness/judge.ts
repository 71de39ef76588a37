import { type RatingPair, rateWithBoth } from "../shared/judge/ratings.js";
import type { StatementSteps } from "../shared/judge/statements/steps.js";
import { nvGroundednessPrompt1, nvGroundednessPrompt2 } from "./prompt.js";

/** The two groundedness ratings; contexts too long for the window are rated in parts, the highest kept. */
export function judgeGroundedness(
  steps: StatementSteps,
  input: { response: string; contexts: readonly string[] },
): Promise<RatingPair> {
  return rateWithBoth(
    steps,
    [nvGroundednessPrompt1, nvGroundednessPrompt2],
    (context) => ({ context, response: input.response }),
    { texts: input.contexts, field: "retrievedContexts" },
  );
}
