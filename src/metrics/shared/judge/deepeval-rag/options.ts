// The options every DeepEval single-turn RAG judge (AnswerRelevancyMetric, FaithfulnessMetric, ContextualPrecisionMetric,
// ContextualRecallMetric, ContextualRelevancyMetric) takes: judge settings, verdict reading, DeepEval's threshold and
// strict_mode, and include_reason as our `reasons` (off by default).
import { z } from "zod";
import { choiceOptionsShape } from "../choice-verdicts.js";
import type { JudgeMetricOptions } from "../options.js";
import { judgeSettingsShape } from "../options.js";

/** The options shape of a DeepEval RAG judge, to spread into its descriptor's schema. */
export const deepEvalRagOptionsShape = {
  ...judgeSettingsShape,
  ...choiceOptionsShape,
  reasons: z
    .boolean()
    .default(false)
    .describe(
      "Ask the judge for a one-sentence reason before each verdict (DeepEval include_reason); false keeps the verdict steps free of free text (prompt version +noreasons). Defaults to false.",
    ),
  threshold: z
    .number()
    .min(0)
    .max(1)
    .default(0.5)
    .describe(
      "The score a row needs to pass (DeepEval threshold): details.success is score >= threshold. strictMode sets it to 1. Defaults to 0.5.",
    ),
  strictMode: z
    .boolean()
    .default(false)
    .describe(
      "Give 0 for any score below 1 and pass only at 1 (DeepEval strict_mode, which sets the threshold to 1). Defaults to false.",
    ),
};

/** Options every DeepEval RAG judge takes. */
export interface DeepEvalRagOptions extends JudgeMetricOptions {
  /** How verdicts count: "argmax" (the written verdict) or "expected" (its probability). Defaults to "argmax". */
  scoring?: "argmax" | "greedy" | "expected";
  /** Record each verdict's probability as `confidence`. Defaults to false. */
  confidence?: boolean;
  /** Ask the judge for a one-sentence reason before each verdict (DeepEval `include_reason`). Defaults to false. */
  reasons?: boolean;
  /** The score a row needs to pass (DeepEval `threshold`): `details.success` is score >= threshold. Defaults to 0.5. */
  threshold?: number;
  /** Give 0 for any score below 1 and pass only at 1 (DeepEval `strict_mode`). Defaults to false. */
  strictMode?: boolean;
}
