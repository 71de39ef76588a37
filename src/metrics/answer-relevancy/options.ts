import { z } from "zod";
import { confidenceOption, scoringOption } from "../shared/judge/choice-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";
import { prefillOption } from "../shared/judge/verdict-plan.js";
import { noncommittalModes } from "./score.js";

/** The options of `AnswerRelevancy` other than the models, with their defaults. */
export const answerRelevancyOptionsSchema = z.object({
  /** Questions the judge writes per sample (Ragas strictness), 1 to 10. Defaults to 3. */
  strictness: z
    .number()
    .int()
    .min(1)
    .max(10)
    .default(3)
    .describe("Questions the judge writes per sample (Ragas strictness), 1 to 10."),
  /**
   * "all": score 0 when every question is flagged noncommittal (current Ragas); "any": when one is.
   * "any" is older Ragas' rule. Defaults to "all".
   */
  noncommittalMode: z
    .enum(noncommittalModes)
    .default("all")
    .describe(
      '"all": score 0 when every question is flagged noncommittal (current Ragas); "any": when one is.',
    ),
  ...judgeSettingsShape,
  /**
   * How verdicts count: "argmax" (the most probable allowed value, which is what greedy decoding writes; "greedy" is the same) or "expected" (probability-weighted verdicts and scores; needs a judge that reads token probabilities).
   * Here the verdicts are the noncommittal flags: under `"expected"` the value is the mean similarity times the
   * probability that the response is not noncommittal (`expectedAnswerRelevancy` in score.ts). Defaults to "argmax".
   */
  scoring: scoringOption,
  /**
   * Record each verdict's probability among the allowed values (confidence) in the details, read while the judge writes it; needs a judge that reads token probabilities.
   * Here each noncommittal flag's probability. Defaults to false.
   */
  confidence: confidenceOption,
  /**
   * Write the answer's JSON structure for the judge and feed it in batches; the judge writes only the questions, and each noncommittal flag is written greedily under the grammar of 0 and 1 (needs a judge that follows answer plans, temperature 0).
   * The answer has exactly `strictness` questions, so its layout is known; the questions are the judge's own, as
   * without it, but a question or flag can differ where a free judge would have laid out its JSON otherwise.
   * Measured in docs/judge-speed.md. Defaults to false.
   */
  prefill: prefillOption.describe(
    "Write the answer's JSON structure for the judge and feed it in batches; the judge writes only the questions, and each noncommittal flag is written greedily under the grammar of 0 and 1 (needs a judge that follows answer plans, temperature 0).",
  ),
});
