import { z } from "zod";
import { judgeEvaluatorShape } from "../shared/base/judge-evaluator.js";
import { verdictOptionsShape } from "../shared/judge/choice-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";
import { prefillShape } from "../shared/judge/verdict-plan.js";
import { verifierSourceOption, verifierThreadsOption } from "../shared/verifier/options.js";
import { DEFAULT_CASCADE_BAND } from "./cascade.js";
import type { FaithfulnessExample } from "./prompt.js";

/** The cascade's options: a verifier decides the rows it is sure of, the judge the rest. */
const cascadeShape = {
  /**
   * A consistency or NLI verifier (models.json id, directory or loaded Verifier) that decides the rows whose probability lies outside band; unset: the judge decides every row.
   * An id or directory is loaded on first use and shared process-wide. Each row's verifier probability is its
   * least-supported sentence's best context-window probability; a row the verifier decides has the share of sentences
   * with probability >= 0.5 as its value, and `details.decidedBy` says who decided. Defaults to none.
   */
  verifier: verifierSourceOption
    .optional()
    .describe(
      "A consistency or NLI verifier (models.json id, directory or loaded Verifier) that decides the rows whose probability lies outside band; unset: the judge decides every row.",
    ),
  /**
   * ONNX Runtime threads of the verifier this metric loads (metrics with the same verifier and threads share one session); unset leaves the runtime's default. Speed only.
   * Used only with verifier. Defaults to the runtime's default.
   */
  threads: verifierThreadsOption,
  /**
   * The uncertainty band [low, high]: rows whose verifier probability lies inside it go to the judge, the others are decided by the verifier. Used only with verifier. Defaults to [0.2, 0.8].
   * Bounds included: `[0, 1]` sends every row to the judge (what `calibrate` needs to propose a band); `[x, x]`
   * leaves the judge only rows at exactly x.
   */
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

/**
 * Everything `FaithfulnessEvaluator` takes: the judge settings of `Faithfulness` and the judge evaluator's options
 * (Haystack's surface keeps greedy verdicts with reasons, and has no cascade).
 */
export const faithfulnessEvaluatorSchema = faithfulnessOptionsSchema
  .omit({
    scoring: true,
    confidence: true,
    reasons: true,
    prefill: true,
    verifier: true,
    threads: true,
    band: true,
  })
  .extend(judgeEvaluatorShape<FaithfulnessExample>());
