import type { Llm } from "../../llm/types.js";
import { askSteps } from "../shared/judge/g-eval/judge.js";
import type { JudgeSettings, JudgeUsage } from "../shared/judge/judge.js";
import { conversationalGEvalStepsPrompt } from "./prompt.js";

// The per-conversation score call and its probability weighting are G-Eval's shared step (`judgeGEval` in
// shared/judge/g-eval/judge.ts), asked with this folder's score prompt.

/** Asks the judge once for evaluation steps for judging conversations by the criteria. */
export function generateConversationSteps(
  llm: Llm,
  name: string,
  criteria: string,
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
): Promise<{ steps: string[]; usage: JudgeUsage }> {
  return askSteps(llm, conversationalGEvalStepsPrompt, { name, criteria }, settings, signal);
}
