// One conversation's judge call: the score prompt over its turns, asked through G-Eval's shared score call
// (shared/judge/g-eval/judge.ts) on 0..10, the value the weighted score divided by 10, as the row's result.
import type { Llm } from "../../llm/types.js";
import type { EvaluationSteps } from "../shared/judge/evaluation-steps.js";
import { judgeGEval } from "../shared/judge/g-eval/judge.js";
import { gEvalResult } from "../shared/judge/g-eval/result.js";
import type { JudgeSettings } from "../shared/judge/judge.js";
import type { MetricResult } from "../types.js";
import { type ConversationScoreInput, conversationalGEvalScorePrompt } from "./prompt.js";
import { CONVERSATION_SCALE, conversationalGEvalScore } from "./score.js";

/** What a conversational G-Eval scores by: its name, criteria (optional), strictness, and whether to ask a reason. */
export interface ConversationalGEvalDefinition {
  name: string;
  criteria: string | undefined;
  strictMode: boolean;
  reasons: boolean;
}

/** Scores one conversation by the definition and its evaluation steps; the details add the score and turn count. */
export async function judgeConversation(
  llm: Llm,
  definition: ConversationalGEvalDefinition,
  steps: EvaluationSteps,
  input: ConversationScoreInput,
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
): Promise<MetricResult> {
  const template = conversationalGEvalScorePrompt(
    definition.name,
    definition.criteria,
    steps.steps,
    definition.reasons,
  );
  const j = await judgeGEval(llm, template, input, CONVERSATION_SCALE, settings, signal);
  const score = j.weightedScore ?? j.greedyScore;
  const row = { steps, scale: CONVERSATION_SCALE, scorePromptVersion: template.version };
  return gEvalResult(j, row, conversationalGEvalScore(score, definition.strictMode), {
    score,
    turns: input.turns.length,
  });
}
