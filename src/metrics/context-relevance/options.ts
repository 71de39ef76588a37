import { z } from "zod";
import { judgeEvaluatorShape } from "../shared/base/judge-evaluator.js";
import { confidenceOption, scoringOption } from "../shared/judge/choice-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";
import { prefillOption } from "../shared/judge/verdict-plan.js";
import type { ContextRelevanceExample } from "./prompt.js";
import { contextRelevanceModes } from "./score.js";

/** The options of `ContextRelevance` other than the judge, with their defaults. */
export const contextRelevanceOptionsSchema = z.object({
  /** "statements": fraction of relevant statements; "relevant-statements": 1 when any is relevant. Defaults to "statements". */
  mode: z
    .enum(contextRelevanceModes)
    .default("statements")
    .describe(
      '"statements": fraction of relevant statements; "relevant-statements": 1 when any is relevant.',
    ),
  ...judgeSettingsShape,
  /**
   * How verdicts count: "argmax" (the most probable allowed value, which is what greedy decoding writes; "greedy" is the same) or "expected" (probability-weighted verdicts and scores; needs a judge that reads token probabilities).
   * In `"statements"` mode the row score then averages each statement's probability of 1 (`confidences` and
   * `weights` in the details). Defaults to "argmax".
   */
  scoring: scoringOption,
  /**
   * Record each verdict's probability among the allowed values (confidence) in the details, read while the judge writes it; needs a judge that reads token probabilities.
   * In `"statements"` mode they are recorded as `confidences`. Defaults to false.
   */
  confidence: confidenceOption,
  /**
   * "statements" mode: the statements are the contexts' sentences, word for word, written into the answer for the judge and fed in batches; the judge only scores each, greedily under the grammar of 0 and 1 (needs a judge that follows answer plans, temperature 0).
   * The judge writes no free text, so this is much faster, but the unit changes: the row score is the fraction of
   * relevant sentences (`contextSentences`), not of the facts the judge would have listed (prompt version
   * `+sentences`). Measured in docs/judge-speed.md. Defaults to false.
   */
  prefill: prefillOption.describe(
    '"statements" mode: the statements are the contexts\' sentences, word for word, written into the answer for the judge and fed in batches; the judge only scores each, greedily under the grammar of 0 and 1 (needs a judge that follows answer plans, temperature 0).',
  ),
});

/**
 * Everything `ContextRelevanceEvaluator` takes: the mode and judge settings of `ContextRelevance` and the judge
 * evaluator's options (Haystack's surface keeps greedy scores: no `scoring`, `confidence` or `prefill`).
 */
export const contextRelevanceEvaluatorSchema = contextRelevanceOptionsSchema
  .omit({ scoring: true, confidence: true, prefill: true })
  .extend(judgeEvaluatorShape<ContextRelevanceExample>());
