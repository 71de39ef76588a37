import type { Llm } from "../../llm/types.js";
import type { PromptTemplate } from "../../prompts/types.js";
import { askJudge, type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge/judge.js";
import type { CriteriaAnswer, CriteriaInput } from "./prompt.js";

/** One row's judgement: the judge's score on the scale, its reason, and the cost. */
export interface CriteriaJudgement extends CriteriaAnswer {
  usage: JudgeUsage;
}

/** Asks the judge once for a reason (unless the prompt asks for none) and a whole-number score on the prompt's scale (the grammar allows no other). */
export async function judgeCriteria(
  llm: Llm,
  template: PromptTemplate<CriteriaInput, CriteriaAnswer>,
  input: CriteriaInput,
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
): Promise<CriteriaJudgement> {
  const usage = newUsage();
  const answer = await askJudge(llm, template, input, settings, usage, signal);
  return { ...(answer.reason !== undefined ? { reason: answer.reason } : {}), score: answer.score, usage };
}
