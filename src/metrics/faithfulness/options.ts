import { z } from "zod";
import type { Llm } from "../../llm/types.js";
import { type PrefillOptions, type Scoring, verdictOptionsShape } from "../shared/choice-verdicts.js";
import type { JudgeEvaluatorOptions } from "../shared/judge-evaluator.js";
import { haystackRunShape, judgeSettingsShape, llmOption } from "../shared/options.js";
import { prefillOption } from "../shared/verdict-plan.js";
import type { FaithfulnessExample } from "./prompt.js";

/** The options of `Faithfulness` other than the judge, with their defaults. */
export const faithfulnessOptionsSchema = z.object({
  ...judgeSettingsShape,
  ...verdictOptionsShape,
  prefill: prefillOption,
});

/** Options of `Faithfulness`. */
export interface FaithfulnessOptions extends PrefillOptions {
  /** Judge that extracts statements and gives verdicts. Required: there is no default. */
  llm: Llm;
  /** Judge temperature; 0 is greedy decoding, which makes scores repeat exactly. Defaults to 0. */
  temperature?: number;
  /** Token budget of each judge answer. Defaults to the Llm's own default. */
  maxTokens?: number;
  /**
   * How verdicts count: `"argmax"` (the most probable of 0 and 1 at the verdict slot, which is what greedy decoding
   * under the grammar writes; `"greedy"` is another name for it) or `"expected"` (the probability of 1 counts, so the
   * score is probability-weighted, and each verdict records `confidence` and `weight`). expected needs a judge that
   * reads token probabilities (`Llm.readsChoiceSlots`). Defaults to "argmax".
   */
  scoring?: Scoring | "greedy";
  /**
   * Record each verdict's probability among 0 and 1 as `confidence` in the details (read in the same forward pass
   * that writes the verdict; it does not change the verdicts). Needs a judge that reads token probabilities. Defaults
   * to false.
   */
  confidence?: boolean;
  /**
   * Ask for a one-sentence reason before each verdict. false leaves reasons out of the schema, the instruction and
   * the examples, so the judge writes fewer tokens (prompt version `+noreasons`). Defaults to true.
   */
  reasons?: boolean;
}

/** Options of `FaithfulnessEvaluator`: the judge evaluator's, with faithfulness' examples. */
export type FaithfulnessEvaluatorOptions = JudgeEvaluatorOptions<FaithfulnessExample>;

/** Everything `Faithfulness` takes, judge included. */
export const faithfulnessConstructorSchema = faithfulnessOptionsSchema.extend({ llm: llmOption });

/** Everything `FaithfulnessEvaluator` takes (Haystack's surface keeps greedy verdicts with reasons). */
export const faithfulnessEvaluatorSchema = faithfulnessConstructorSchema
  .omit({ scoring: true, confidence: true, reasons: true, prefill: true })
  .extend({ ...haystackRunShape });
