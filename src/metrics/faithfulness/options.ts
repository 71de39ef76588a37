import { z } from "zod";
import type { Llm } from "../../llm/types.js";
import { haystackRunShape, judgeSettingsShape, llmOption } from "../shared/options.js";
import type { FaithfulnessExample } from "./prompt.js";

/** The options of `Faithfulness` other than the judge, with their defaults. */
export const faithfulnessOptionsSchema = z.object({ ...judgeSettingsShape });

/** Options of `Faithfulness`. */
export interface FaithfulnessOptions {
  /** Judge that extracts statements and gives verdicts. Required: there is no default. */
  llm: Llm;
  /** Judge temperature; 0 is greedy decoding, which makes scores repeat exactly. Defaults to 0. */
  temperature?: number;
  /** Token budget of each judge answer. Defaults to the Llm's own default. */
  maxTokens?: number;
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

/** Everything `FaithfulnessEvaluator` takes. */
export const faithfulnessEvaluatorSchema = faithfulnessConstructorSchema.extend({ ...haystackRunShape });
