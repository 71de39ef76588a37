import { z } from "zod";
import type { Llm } from "../../llm/types.js";
import type { JudgeEvaluatorOptions } from "../shared/base/judge-evaluator.js";
import { choiceOptionsShape, type Scoring } from "../shared/judge/choice-verdicts.js";
import { haystackRunShape, judgeSettingsShape, llmOption } from "../shared/judge/options.js";
import { prefillOption } from "../shared/judge/verdict-plan.js";
import type { ContextRelevanceExample } from "./prompt.js";
import { type ContextRelevanceMode, contextRelevanceModes } from "./score.js";

/** The options of `ContextRelevance` other than the judge, with their defaults. */
export const contextRelevanceOptionsSchema = z.object({
  mode: z
    .enum(contextRelevanceModes)
    .default("statements")
    .describe(
      '"statements": fraction of relevant statements; "relevant-statements": 1 when any is relevant.',
    ),
  ...judgeSettingsShape,
  ...choiceOptionsShape,
  prefill: prefillOption.describe(
    '"statements" mode: the statements are the contexts\' sentences, word for word, written into the answer for the judge and fed in batches; the judge only scores each, greedily under the grammar of 0 and 1 (needs a judge that follows answer plans, temperature 0).',
  ),
});

/** Options of `ContextRelevance`. */
export interface ContextRelevanceOptions {
  /** Judge that extracts and scores the statements. Required: there is no default. */
  llm: Llm;
  /** `"statements"`: fraction of relevant statements; `"relevant-statements"`: 1 when any statement is relevant. Defaults to "statements". */
  mode?: ContextRelevanceMode;
  /** Judge temperature; 0 is greedy decoding, which makes scores repeat exactly. Defaults to 0. */
  temperature?: number;
  /** Token budget of each judge answer. Defaults to the Llm's own default. */
  maxTokens?: number;
  /**
   * How statement scores count (`"statements"` mode): `"argmax"` (the most probable of 0 and 1, which is what greedy
   * decoding under the grammar writes; `"greedy"` is another name for it) or `"expected"` (the row score averages
   * each statement's probability of 1; `confidences` and `weights` in the details). expected needs a judge that
   * reads token probabilities. Defaults to "argmax".
   */
  scoring?: Scoring | "greedy";
  /**
   * Record each statement score's probability as `confidences` in the details (`"statements"` mode; read in the
   * forward pass that writes the score). Needs a judge that reads token probabilities. Defaults to false.
   */
  confidence?: boolean;
  /**
   * Jump-forward (`"statements"` mode): the statements are the contexts' sentences, word for word
   * (`contextSentences`), instead of statements the judge writes itself; the answer's JSON structure and the
   * sentences are written for the judge and fed in batches, and the judge only scores each sentence, greedily under
   * the grammar of 0 and 1 (its distribution read only for `confidence` or `"expected"`). The judge writes no free text, so
   * this is much faster, but the unit changes: the row score is the fraction of relevant sentences, not of the facts
   * the judge would have listed (prompt version `+sentences`). Needs temperature 0 and a judge that follows answer
   * plans (`LlamaCppLlm`). Measured in docs/judge-speed.md. Defaults to false.
   */
  prefill?: boolean;
}

/** Options of `ContextRelevanceEvaluator`: the judge evaluator's, and the mode. */
export interface ContextRelevanceEvaluatorOptions extends JudgeEvaluatorOptions<ContextRelevanceExample> {
  /** `"statements"` (fraction of relevant statements) or `"relevant-statements"` (1 when any is relevant). Defaults to "statements". */
  mode?: ContextRelevanceMode;
}

/** Everything `ContextRelevance` takes, judge included. */
export const contextRelevanceConstructorSchema = contextRelevanceOptionsSchema.extend({ llm: llmOption });

/** Everything `ContextRelevanceEvaluator` takes (Haystack's surface keeps greedy scores: no `scoring`). */
export const contextRelevanceEvaluatorSchema = contextRelevanceConstructorSchema
  .omit({ scoring: true, confidence: true, prefill: true })
  .extend({
    ...haystackRunShape,
  });
