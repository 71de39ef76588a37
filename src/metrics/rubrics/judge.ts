import type { Llm } from "../../llm/types.js";
import type { PromptTemplate } from "../../prompts/types.js";
import { askJudge, type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge.js";
import { type RubricAnswer, type RubricInput, rubricAnswerSchema } from "./prompt.js";
import type { RubricLevel } from "./score.js";

/**
 * Asks the judge for feedback and a score under `levels` (the grammar allows only the levels' scores), for
 * `RubricsScore` and `InstanceRubrics` alike.
 */
export async function judgeRubric(
  llm: Llm,
  template: PromptTemplate<RubricInput, RubricAnswer>,
  input: RubricInput,
  levels: readonly RubricLevel[],
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
): Promise<RubricAnswer & { usage: JudgeUsage }> {
  const usage = newUsage();
  const answer = await askJudge(llm, template, input, settings, usage, signal, rubricAnswerSchema(levels));
  return { ...answer, usage };
}
