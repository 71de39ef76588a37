import { type RatingPair, rateWithBoth } from "../shared/judge/ratings.js";
import type { StatementSteps } from "../shared/judge/statements/steps.js";
import { type AccuracyInput, nvAccuracyPrompt1, nvAccuracyPrompt2 } from "./prompt.js";

/** The two ratings of the response against the reference (one call each; nothing to split). */
export function judgeAnswerAccuracy(steps: StatementSteps, input: AccuracyInput): Promise<RatingPair> {
  return rateWithBoth(steps, [nvAccuracyPrompt1, nvAccuracyPrompt2], () => input, {
    texts: [],
    field: "response",
  });
}
