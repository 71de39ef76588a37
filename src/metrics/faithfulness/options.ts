import { z } from "zod";
import type { Llm } from "../../llm/types.js";
import { type Scoring, verdictOptionsShape } from "../shared/choice-verdicts.js";
import { haystackRunShape, judgeSettingsShape, llmOption } from "../shared/options.js";
import type { FaithfulnessExample } from "./prompt.js";

/** The options of `Faithfulness` other than the judge, with their defaults. */
export const faithfulnessOptionsSchema = z.object({ ...judgeSettingsShape, ...verdictOptionsShape });

/** Options of `Faithfulness`. */
export interface FaithfulnessOptions {
  /** Judge that extracts statements and gives verdicts. Required: there is no default. */
  llm: Llm;
  /** Judge temperature; 0 is greedy decoding, which makes scores repeat exactly. Defaults to 0. */
  temperature?: number;
  /** Token budget of each judge answer. Defaults to the Llm's own default. */
  maxTokens?: number;
  /**
   * How verdicts are decided: `"greedy"` (the judge writes them), `"argmax"` (the most probable of 0 and 1 at the
   * verdict slot, with its `confidence` in the details) or `"expected"` (the probability of 1 counts, so the score
   * is probability-weighted). argmax and expected need a judge with `scoreChoices`. Greedy stays the default
   * because argmax reads the slot after compact JSON, while the grammar lets greedy decoding write spaces, so
   * the two can differ on a model that writes them (docs/judge-speed.md). Defaults to "greedy".
   */
  scoring?: Scoring;
  /**
   * Ask for a one-sentence reason before each verdict. false leaves reasons out of the schema and the examples;
   * with scoring argmax or expected the verdict step then generates no token at all. Defaults to true.
   */
  reasons?: boolean;
}

/** Options of `FaithfulnessEvaluator`. */
export interface FaithfulnessEvaluatorOptions {
  /** Judge that extracts statements and gives verdicts. Required: there is no default. */
  llm: Llm;
  /** Few-shot examples in Haystack's shape, validated when the evaluator is built. Defaults to the built-in examples. */
  examples?: FaithfulnessExample[];
  /** Throw on the first row whose judge call fails; false records the row as failed (score null) and goes on. Defaults to true. */
  raiseOnFailure?: boolean;
  /** Draw a progress bar on stderr. Defaults to true when stderr is a terminal. */
  progressBar?: boolean;
  /** Judge temperature; 0 is greedy decoding. Defaults to 0. */
  temperature?: number;
  /** Token budget of each judge answer. Defaults to the Llm's own default. */
  maxTokens?: number;
}

/** Everything `Faithfulness` takes, judge included. */
export const faithfulnessConstructorSchema = faithfulnessOptionsSchema.extend({ llm: llmOption });

/** Everything `FaithfulnessEvaluator` takes (Haystack's surface keeps greedy verdicts with reasons). */
export const faithfulnessEvaluatorSchema = faithfulnessConstructorSchema
  .omit({ scoring: true, reasons: true })
  .extend({ ...haystackRunShape });
