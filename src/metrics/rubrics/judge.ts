import type { Llm } from "../../llm/types.js";
import type { PromptTemplate } from "../../prompts/types.js";
import {
  askJudgeForVerdicts,
  type ChoiceVerdict,
  type VerdictReading,
  WRITTEN_VERDICTS,
} from "../shared/judge/choice-verdicts.js";
import { type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge/judge.js";
import { type RubricAnswer, type RubricInput, rubricAnswerSchema } from "./prompt.js";
import type { RubricLevel } from "./score.js";

/**
 * Asks the judge for feedback and a score under `levels` (the grammar allows only the levels' scores), for
 * `RubricsScore` and `InstanceRubrics` alike (the score alone when `reading.reasons` is false, with the template
 * from `rubricPromptWithoutFeedback`). With `reading.confidence`, the score's distribution over the levels is
 * read while the judge writes it (`read`).
 */
export async function judgeRubric(
  llm: Llm,
  template: PromptTemplate<RubricInput, RubricAnswer>,
  input: RubricInput,
  levels: readonly RubricLevel[],
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  reading: VerdictReading = WRITTEN_VERDICTS,
): Promise<RubricAnswer & { usage: JudgeUsage; read: ChoiceVerdict | undefined }> {
  const usage = newUsage();
  const { value, reads } = await askJudgeForVerdicts(
    {
      llm,
      template,
      input,
      settings,
      usage,
      signal,
      schema: rubricAnswerSchema(levels, reading.reasons !== false),
    },
    { key: "score", values: levels.map((l) => String(l.score)) },
    reading,
    (answer) => [answer.score],
  );
  return { ...value, usage, read: reads?.[0] };
}
