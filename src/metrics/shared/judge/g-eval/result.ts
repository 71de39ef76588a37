// A G-Eval row's result, shared by g_eval and conversational_g_eval: the value the metric's formula gives, the
// judge's reason (saying when no weighting was possible), and the details every G-Eval row carries.
import type { MetricResult } from "../../../types.js";
import type { Scale } from "../custom-judge.js";
import type { EvaluationSteps } from "../evaluation-steps.js";
import { writtenReason } from "../text-schema.js";
import type { GEvalJudgement } from "./judge.js";
import { lowScoreMassWarning } from "./weighting.js";

/** How one row was scored, besides the judgement: the steps, the scale, the score prompt's version. */
export interface GEvalRow {
  steps: EvaluationSteps;
  scale: Scale;
  scorePromptVersion: string;
}

/**
 * The result of a row: `value` (the metric's formula over the judgement), the reason, and details with the
 * evaluation steps, the written score, the weighting and its probabilities (or why there is none), the scale, the
 * score prompt's version and the usage, plus `extra` details; `details.warnings` when the judge put little
 * probability on the allowed scores.
 */
export function gEvalResult(
  j: GEvalJudgement,
  row: GEvalRow,
  value: number,
  extra: Record<string, unknown> = {},
): MetricResult {
  const weighted = j.weightedScore !== undefined;
  const reason = writtenReason(j.reason) ?? `score ${j.greedyScore} on ${row.scale.min}..${row.scale.max}`;
  const lowMass = j.mass === undefined ? undefined : lowScoreMassWarning(j.mass);
  return {
    value,
    status: "ok",
    reason: weighted
      ? reason
      : `${reason} (score as written: this judge gives no token probabilities, so no weighting was possible)`,
    details: {
      evaluationSteps: row.steps.steps,
      stepsSource: row.steps.source,
      greedyScore: j.greedyScore,
      ...extra,
      weighting: weighted
        ? "token-probabilities"
        : "none: the judge has no scoreChoices; the written score is used",
      ...(weighted ? { probabilities: j.probabilities, probabilityMass: j.mass } : {}),
      ...(lowMass !== undefined ? { warnings: [lowMass] } : {}),
      scale: row.scale,
      scorePromptVersion: row.scorePromptVersion,
      usage: j.usage,
    },
  };
}
