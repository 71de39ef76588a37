// One row's G-Eval judge call: the score prompt for the criteria, steps and scale, asked through G-Eval's shared score
// call (shared/judge/g-eval/judge.ts), the value weighted by the judge's probabilities, as the row's result.
import type { Llm } from "../../llm/types.js";
import type { Scale } from "../shared/judge/custom-judge.js";
import type { EvaluationSteps } from "../shared/judge/evaluation-steps.js";
import { judgeGEval } from "../shared/judge/g-eval/judge.js";
import { gEvalResult } from "../shared/judge/g-eval/result.js";
import type { JudgeSettings } from "../shared/judge/judge.js";
import type { MetricResult } from "../types.js";
import { type GEvalInput, gEvalScorePrompt } from "./prompt.js";
import { gEvalValue } from "./score.js";

/** What a G-Eval metric scores by: its name, criteria, scale and whether the judge gives a reason. */
export interface GEvalDefinition {
  name: string;
  criteria: string;
  scale: Scale;
  reasons: boolean;
}

/** Scores one row by the definition and its evaluation steps: the judge's score, probability-weighted when read. */
export async function judgeGEvalRow(
  llm: Llm,
  definition: GEvalDefinition,
  steps: EvaluationSteps,
  input: GEvalInput,
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
): Promise<MetricResult> {
  const { name, criteria, scale, reasons } = definition;
  const template = gEvalScorePrompt(name, criteria, steps.steps, scale, reasons);
  const j = await judgeGEval(llm, template, input, scale, settings, signal);
  const row = { steps, scale, scorePromptVersion: template.version };
  return gEvalResult(j, row, gEvalValue(j.weightedScore, j.greedyScore));
}
