import type { Llm } from "../../llm/types.js";
import { askSteps } from "../shared/judge/g-eval/judge.js";
import type { JudgeSettings, JudgeUsage } from "../shared/judge/judge.js";
import { gEvalStepsPrompt } from "./prompt.js";

// The per-row score call and its probability weighting are G-Eval's shared step (`judgeGEval` in
// shared/judge/g-eval/judge.ts), which conversational_g_eval asks too.

/** Asks the judge once for evaluation steps for the criteria. */
export function generateSteps(
  llm: Llm,
  name: string,
  criteria: string,
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
): Promise<{ steps: string[]; usage: JudgeUsage }> {
  return askSteps(llm, gEvalStepsPrompt, { name, criteria }, settings, signal);
}
