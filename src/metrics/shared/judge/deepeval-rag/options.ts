// The options every DeepEval single-turn RAG judge (AnswerRelevancyMetric, FaithfulnessMetric, ContextualPrecisionMetric,
// ContextualRecallMetric, ContextualRelevancyMetric) takes: judge settings, verdict reading, DeepEval's threshold and
// strict_mode, and include_reason as our `reasons` (off by default).
import { z } from "zod";
import type { JudgeModelOption } from "../../../descriptor.js";
import { choiceOptionsShape } from "../choice-verdicts.js";
import { judgeSettingsShape } from "../options.js";

/** The options shape of a DeepEval RAG judge, to spread into its descriptor's schema. */
export const deepEvalRagOptionsShape = {
  ...judgeSettingsShape,
  ...choiceOptionsShape,
  /**
   * Ask the judge for a one-sentence reason before each verdict (DeepEval include_reason); false keeps the verdict steps free of free text (prompt version +noreasons). Defaults to false.
   */
  reasons: z
    .boolean()
    .default(false)
    .describe(
      "Ask the judge for a one-sentence reason before each verdict (DeepEval include_reason); false keeps the verdict steps free of free text (prompt version +noreasons). Defaults to false.",
    ),
  /**
   * The score a row needs to pass (DeepEval threshold): details.success is score >= threshold. strictMode sets it to 1. Defaults to 0.5.
   */
  threshold: z
    .number()
    .min(0)
    .max(1)
    .default(0.5)
    .describe(
      "The score a row needs to pass (DeepEval threshold): details.success is score >= threshold. strictMode sets it to 1. Defaults to 0.5.",
    ),
  /**
   * Give 0 for any score below 1 and pass only at 1 (DeepEval strict_mode, which sets the threshold to 1). Defaults to false.
   */
  strictMode: z
    .boolean()
    .default(false)
    .describe(
      "Give 0 for any score below 1 and pass only at 1 (DeepEval strict_mode, which sets the threshold to 1). Defaults to false.",
    ),
};

/** The schema of the options every DeepEval RAG judge takes (a metric's own options extend it). */
type DeepEvalRagOptionsSchema = z.ZodObject<typeof deepEvalRagOptionsShape>;

/** Options every DeepEval RAG judge takes: the judge, and the options of {@link deepEvalRagOptionsShape}. */
export type DeepEvalRagOptions = JudgeModelOption & z.input<DeepEvalRagOptionsSchema>;

/** The parsed options every DeepEval RAG judge reads: defaults filled in. */
export type DeepEvalRagParsed = z.output<DeepEvalRagOptionsSchema>;
