import { z } from "zod";
import type { Llm } from "../../llm/types.js";
import type { Verifier } from "../../verifiers/types.js";
import type { JudgeEvaluatorOptions } from "../shared/base/judge-evaluator.js";
import { type PrefillOptions, type Scoring, verdictOptionsShape } from "../shared/judge/choice-verdicts.js";
import { haystackRunShape, judgeSettingsShape, llmOption } from "../shared/judge/options.js";
import { prefillShape } from "../shared/judge/verdict-plan.js";
import { verifierSourceOption, verifierThreadsOption } from "../shared/verifier/options.js";
import { DEFAULT_CASCADE_BAND } from "./cascade.js";
import type { FaithfulnessExample } from "./prompt.js";

/** The cascade's options: a verifier decides the rows it is sure of, the judge the rest. */
const cascadeShape = {
  verifier: verifierSourceOption
    .optional()
    .describe(
      "A consistency or NLI verifier (models.json id, directory or loaded Verifier) that decides the rows whose probability lies outside band; unset: the judge decides every row.",
    ),
  threads: verifierThreadsOption,
  band: z
    .tuple([z.number().min(0).max(1), z.number().min(0).max(1)])
    .refine(([low, high]) => low <= high, "must be [low, high] with low <= high, e.g. [0.2, 0.8]")
    .default([...DEFAULT_CASCADE_BAND])
    .describe(
      "The uncertainty band [low, high]: rows whose verifier probability lies inside it go to the judge, the others are decided by the verifier. Used only with verifier. Defaults to [0.2, 0.8].",
    ),
};

/** The options of `Faithfulness` other than the judge, with their defaults. */
export const faithfulnessOptionsSchema = z.object({
  ...judgeSettingsShape,
  ...verdictOptionsShape,
  ...prefillShape,
  ...cascadeShape,
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
  /**
   * Cascade: a consistency or NLI verifier (a models.json id or model directory, loaded on first use and shared
   * process-wide, or a loaded `Verifier`). Each row's verifier probability is its least-supported sentence's best
   * context-window probability; rows whose probability lies outside `band` are decided by the verifier (value: the
   * share of sentences with probability >= 0.5), the others by the judge. `details.decidedBy` says which. Defaults to
   * none: the judge decides every row.
   */
  verifier?: string | Verifier;
  /** ONNX Runtime threads of a cascade verifier this metric loads. Speed only. Defaults to the runtime's default. */
  threads?: number;
  /**
   * The cascade's uncertainty band `[low, high]`: rows with low <= probability <= high go to the judge. `[0, 1]` sends
   * every row to the judge (what `calibrate` needs to propose a band); `[x, x]` leaves the judge only rows at exactly
   * x. Used only with `verifier`. Defaults to [0.2, 0.8].
   */
  band?: [low: number, high: number];
}

/** Options of `FaithfulnessEvaluator`: the judge evaluator's, with faithfulness' examples. */
export type FaithfulnessEvaluatorOptions = JudgeEvaluatorOptions<FaithfulnessExample>;

/** Everything `Faithfulness` takes, judge included. */
export const faithfulnessConstructorSchema = faithfulnessOptionsSchema.extend({ llm: llmOption });

/** Everything `FaithfulnessEvaluator` takes (Haystack's surface keeps greedy verdicts with reasons). */
export const faithfulnessEvaluatorSchema = faithfulnessConstructorSchema
  .omit({
    scoring: true,
    confidence: true,
    reasons: true,
    prefill: true,
    verifier: true,
    threads: true,
    band: true,
  })
  .extend({ ...haystackRunShape });
