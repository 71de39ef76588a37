import type { Llm } from "../../llm/types.js";
import type { PromptTemplate } from "../../prompts/types.js";
import { askJudge, type JudgeSettings, type JudgeUsage } from "../shared/judge/judge.js";
import type { LlmEvaluatorRow } from "./prompt.js";

/**
 * Asks the judge once for one row: the answer has exactly the template's output keys (the grammar enforces the
 * schema). The call's tokens are added to `usage`. Used by both `LLMEvaluator` and `LLMJudgeMetric`.
 */
export function judgeRow<O>(
  llm: Llm,
  template: PromptTemplate<LlmEvaluatorRow, O>,
  row: LlmEvaluatorRow,
  settings: JudgeSettings,
  usage: JudgeUsage,
  signal: AbortSignal | undefined,
): Promise<O> {
  return askJudge(llm, template, row, settings, usage, signal);
}
